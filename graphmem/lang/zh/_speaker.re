# the speaker's first person (a sentence without it is not turned to second person)
我
