# first-person words inside an entity's name ("my sister's friend"), case as written
\b(I|me|my|mine|myself)\b
