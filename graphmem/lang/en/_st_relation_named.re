# a relative named: "my sister's name is Lily" (role, name). Read by graphmem.linking.statements' English clause rules (en rules.clause_statements)
\bmy\s+([a-z]+)'s\s+name\s+is\s+([A-Z][\w.-]*(?:\s+[A-Z][\w.-]*)?)
