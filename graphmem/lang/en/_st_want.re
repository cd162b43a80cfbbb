# a positive cue that may open a goal (would like, want), lower-cased. Read by graphmem.linking.statements' English clause rules (en rules.clause_statements)
(?:'d like|would like|want)
