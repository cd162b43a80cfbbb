# a thing's model: "my laptop is a ThinkPad X1" (thing, model). Read by graphmem.linking.statements' English clause rules (en rules.clause_statements)
\b(?i:my)\s+([a-z]+(?:\s[a-z]+)?)\s+is\s+(?:a|an|the)\s+([A-Z0-9][\w-]*(?:\s+[A-Z0-9][\w-]*)*)
