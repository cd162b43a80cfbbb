# a diet said of someone as one word ("Chris is vegan", "my dad is diabetic" is not a diet). Read by rules._person_facts
(?i)vegetarian|vegan|pescatarian|pescetarian|halal|kosher
