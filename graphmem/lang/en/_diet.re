# the speaker's diet ("I'm vegetarian", "we're vegan"): group 1
(?i)\b(?:i'?m|i am|we'?re|we are)\s+(?:a\s+|strictly\s+|also\s+|now\s+)?(vegetarian|vegan|pescatarian|pescetarian|halal|kosher|gluten[- ]free|lactose intolerant)\b
