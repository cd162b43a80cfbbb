# a child named on introduction ("we have a daughter, Lia"): group 1 daughter/son, group 2 the name
\bwe have (?:a|one) (daughter|son)(?:,\s*|\s+(?:called|named)\s+|\s+)(?!(?:Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday|January|February|March|April|May|June|July|August|September|October|November|December)\b)([A-Z][a-z]+)
