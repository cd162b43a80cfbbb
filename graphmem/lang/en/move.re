# a memory about moving house ("moved to", "relocated"). Read by graphmem.recall.scoring
(?i)\b(?:mov(?:ed|ing) (?:to|in|into|house)|moved in|relocat(?:ed|ing))\b
