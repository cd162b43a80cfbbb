# a question that asks for a name ("who is my trainer?", "what's my kid called?", "what are my kids' names?"): a
# name is not a value that changes, so the later of two answers is not read first. Read by graphmem.recall.query.asks_name
(?i)\b(?:who|whom|whose|names?|named|called)\b
