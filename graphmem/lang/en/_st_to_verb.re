# a goal after a wish: "to get to 85". Read by graphmem.linking.statements' English clause rules (en rules.clause_statements)
(?i)to\s+\w+\s+\w+
