# a character addressing someone (such a sentence is not turned to second person)
[你您]
