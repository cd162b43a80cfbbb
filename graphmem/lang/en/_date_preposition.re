# a date that opens with a preposition ("in June", "on the 3rd"): a new date put in its place gets one too
(?i)(?:in|on|at|by|for|during|around)\s
