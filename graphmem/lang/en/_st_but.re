# where a past habit's thing ends (but). Read by graphmem.linking.statements' English clause rules (en rules.clause_statements)
\s+but\b
