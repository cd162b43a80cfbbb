# words before a preference cue that carry the speaker over (also, still). Read by graphmem.linking.statements' English clause rules (en rules.clause_statements)
(?i)\s*(?:also|and|plus|still)\s+
