# first person with a verb and content after it ("I'm on green tea now", "we cut the guest list to 80"): group 1 the verb, group 2 the rest
(?i)(?<![\w'])(?:i|we)(?:['’](?:m|ve|d|ll|re)|\s+(?:am|are|have|had|was|were|do|did|don't|didn't|can't|cannot|will|would))?\s+([a-z][\w'’-]*)((?:\s+[\w'’$-]+){1,})
