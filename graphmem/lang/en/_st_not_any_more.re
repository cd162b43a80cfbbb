# a past habit ended (not any more, no longer). Read by graphmem.linking.statements' English clause rules (en rules.clause_statements)
(?i)not any\s?more|no longer|any\s?more
