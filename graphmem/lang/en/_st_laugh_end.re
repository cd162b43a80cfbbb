# laughter ending a preference (haha, lol), left out. Read by graphmem.linking.statements' English clause rules (en rules.clause_statements)
(?i)\s+(?:haha+|lol|lmao|xd)$
