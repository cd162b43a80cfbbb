# a child named on introduction ("we have a daughter, Lia"): group 1 daughter/son, group 2 the name
\bwe have (?:a|one) (daughter|son)(?:,\s*|\s+(?:called|named)\s+)([A-Z][a-z]+)
