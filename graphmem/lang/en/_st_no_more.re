# a habit dropped (no longer, any more). Read by graphmem.linking.statements' English clause rules (en rules.clause_statements)
(?i)no longer|any\s?more
