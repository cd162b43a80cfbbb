# a question about an earlier value ("used to", "before"). Read by graphmem.recall.query.asks_about_past
(?i)\b(used to|use to|previous(?:ly)?|before|earlier|originally|at first|initially|formerly|former|old|anymore|
any more|no longer|back then|in the past|history|changed?|changes|first time)\b
