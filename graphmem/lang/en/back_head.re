# a pointer back and its head noun, group 1 ("that plan" -> plan). Read by graphmem.recall.query.back_reference
(?i)\b(?:that|this|the same)\s+([A-Za-z][A-Za-z-]{2,})
