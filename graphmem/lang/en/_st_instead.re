# where a switch's target ends (instead, rather than). Read by graphmem.linking.statements' English clause rules (en rules.clause_statements)
(?i)\s+instead\b|\s+rather than\b
