# a character of the language's script (which pack a text's own words belong to; the default pack needs none)
[A-Za-z]
