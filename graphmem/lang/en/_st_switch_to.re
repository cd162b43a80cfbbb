# a switch of a preferred thing: "switch my preferred airline to Cathay" (the new one). Read by graphmem.linking.statements' English clause rules (en rules.clause_statements)
(?i)\b(?:switch|change|changed|switched)\s+(?:my\s+)?(?:preferred|favou?rite|default)\s+\w+\s+to\s+(.+)$
