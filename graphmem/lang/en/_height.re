# the user's height in feet and inches ("I'm 6'1"), groups 1 and 2. rules.body
(?i)\b(?:i'?m|i am)\s+(?:about |around )?([4-7])'\s?(\d{1,2})\b
