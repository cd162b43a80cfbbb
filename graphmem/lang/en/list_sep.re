# separators between the items of a list ("Thai food, Italian food and sushi")
\s*,\s*(?:and\s+)?|\s+and\s+|\s*&\s*
