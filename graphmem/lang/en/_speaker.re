# a word of the speaker's first person (a sentence without one is not turned to second person)
(?i)\b(i|me|my|mine|myself|i'm|i've|i'd|i'll)\b
