# a relative in apposition: "my friend Priya" (role, name). Read by graphmem.linking.statements' English clause rules (en rules.clause_statements)
\b(?i:my)\s+([a-z]+(?:\s[a-z]+)?)\s+([A-Z][a-z]+(?:\s[A-Z][a-z]+)?)\b
