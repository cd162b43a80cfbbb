# a sentence that is only a greeting, thanks or filler ("thanks!", "got it"): scored 0 by the summary
(?i)^\s*(hi|hello|hey|thanks?|thank you|ok(ay)?|sure|great|cool|nice|got it|noted|i see|bye|good (morning|night)|lol|haha)\W*\s*$
