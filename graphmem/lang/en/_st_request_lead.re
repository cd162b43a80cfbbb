# the polite lead of an instruction (please, can you), left out. Read by graphmem.linking.statements' English clause rules (en rules.clause_statements)
(?i)^(?:please\s+|can you\s+|could you\s+)
