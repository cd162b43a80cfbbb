# "it when" opening what is hated ("I hate it when meetings run over"), left out. Read by graphmem.linking.statements' English clause rules (en rules.clause_statements)
(?i)^it\s+(?:when|if|that)\s+
