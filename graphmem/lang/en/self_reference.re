# a question that refers to its speaker ("my budget", "what did I say", "we", "remind me") or, by a pronoun, to
# someone of theirs ("which vet is she registered with?"): the first person, but not a request frame alone
# ("help me write", "tell me a joke", "give me", "show me"), and he/she/they; read by graphmem.recall.gate
# (a question with none of it, and nothing of the user's linked, is held to a stricter gate)
(?i)\b(?:i|i'm|i've|i'd|i'll|im|my|mine|myself|we|we're|we've|we'd|we'll|our|ours|ourselves|us
|he|him|his|she|her|hers|they|them|their|theirs)\b
|(?<!help\s)(?<!tell\s)(?<!give\s)(?<!show\s)\bme\b
