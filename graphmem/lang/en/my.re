# a name that starts with the speaker's possessive ("my laptop", "our flat")
(?i)^(my|our)\s+
