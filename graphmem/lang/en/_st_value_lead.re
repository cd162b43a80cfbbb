# the words between an attribute cue and its value (is, was, to, a, the), left out. Read by graphmem.linking.statements' English clause rules (en rules.clause_statements)
^\s*(?:['’]s\b|is|are|was|=|:|to)?\s*(?:now\s+)?(?:a|an|the)?\s*
