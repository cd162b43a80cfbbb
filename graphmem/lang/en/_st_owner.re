# whose a thing is, just before its cue (his, my mom's, Tom's; group 1 when it can be named). Read by graphmem.linking.statements' English clause rules
(?:\b(?i:his|her|their|its)|\b((?i:my\s+[a-z]+(?:\s+[a-z]+)?)|[A-Z][a-z]+)['’]s)\s*$
