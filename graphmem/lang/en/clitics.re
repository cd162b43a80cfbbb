# an English clitic, dropped from the word it is attached to before BM25 reads the text ("what's", "I'm",
# "don't", "won't": split at the apostrophe they leave "s", "m", "don", "t", no words of the text; "won't" goes
# whole, "will" being a stop word). Read by graphmem.recall.lexical.tokens, on lower-cased text
\bwon['’]t\b|(?<=[a-z])n['’]t\b|(?<=[a-z])['’](?:s|m|d|ll|ve|re)\b
