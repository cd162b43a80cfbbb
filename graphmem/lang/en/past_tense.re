# a question about something that happened (simple past), not how things stand. Read by graphmem.recall.query.past_tense
(?i)\b(?:did|was|were|had|went|got|made|took|ago|yesterday|last (?:year|month|week|time))\b
