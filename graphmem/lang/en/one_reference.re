# "this one", "that one", "the other one", "which one": a reference without a head noun, which spaCy does not
# always make a noun chunk (linking/mentions.py, the English extractor)
(?i)\b(?:this|that|the other|which)\s+one\b
