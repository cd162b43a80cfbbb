# a relative named: "Lily is my sister" (name, role). Read by graphmem.linking.statements' English clause rules (en rules.clause_statements)
^\s*([A-Z][\w.-]*(?:\s+[A-Z][\w.-]*)?)\s+is\s+my\s+([a-z ]+?)\s*$
