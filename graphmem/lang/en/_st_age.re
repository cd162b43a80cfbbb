# an age: "my son is 7 years old" (whose, number). Read by graphmem.linking.statements' English clause rules (en rules.clause_statements)
\b(?i:(my\s+[a-z]+|i))(?:\s+is|\s+am|'m|’m|\s+was)\s+(\w+(?:[\s-]\w+)?)[\s-]+years?[\s-]+old\b
