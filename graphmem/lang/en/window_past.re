# a question said in the past tense: a month or day ahead is then no period it means. Read by graphmem.recall.query.time_window
(?i)\b(?:did|was|were|went|spent|paid|bought|said|told)\b
