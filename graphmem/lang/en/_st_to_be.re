# a wish about the reply: "it to be shorter". Read by graphmem.linking.statements' English clause rules (en rules.clause_statements)
\w+\s+to\s+be\b
