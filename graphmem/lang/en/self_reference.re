# a question that refers to its speaker ("my budget", "what did I say", "we", "remind me") or to someone or
# something of theirs: by a pronoun ("which vet is she registered with?") or a definite "the ..." that is not
# "the ... of/between" ("who's doing the food for the wedding?", not "the capital of Japan"). The first person
# does not count in a request frame alone ("help me write", "tell me a joke", "give me", "show me"). Read by
# graphmem.recall.gate: a question with none of it, and nothing of the user's linked, is held to a stricter gate
(?i)\b(?:i|i'm|i've|i'd|i'll|im|my|mine|myself|we|we're|we've|we'd|we'll|our|ours|ourselves|us
|he|him|his|she|her|hers|they|them|their|theirs)\b
|(?<!help\s)(?<!tell\s)(?<!give\s)(?<!show\s)\bme\b
|\bthe\s+(?!(?:\S+\s+)?(?:of|between)\b)[a-z]
