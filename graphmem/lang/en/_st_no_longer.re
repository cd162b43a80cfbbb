# a dropped habit: "I no longer eat meat" (verb, what). Read by graphmem.linking.statements' English clause rules (en rules.clause_statements)
(?i)\b(?:no longer|don't|do not|dont)\s+(eat|drink|like|love|want|use|enjoy|play|watch)\b(.*?)(?:\s+any\s?more)?$
