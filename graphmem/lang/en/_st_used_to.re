# a past habit (used to). Read by graphmem.linking.statements' English clause rules (en rules.clause_statements)
(?i)\bused to\b
