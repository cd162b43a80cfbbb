# a clitic dropped from the word it is attached to before BM25 reads the text: Chinese has none (the English
# pack's "what's", "don't"). Read by graphmem.recall.lexical.tokens
