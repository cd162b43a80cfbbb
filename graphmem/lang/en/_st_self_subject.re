# the speaker just before a cue (I, we, I'm and up to three words). Read by graphmem.linking.statements' English clause rules
(?i)(?:^|\b)(?:i|we|i'm|im|i've|i'd|we're|we've|we'd)\b(?:\s+\w+){0,3}\s*$
