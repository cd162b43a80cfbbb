# words before a cue ending in someone else (他, 她们). Read by graphmem.linking.statements' Chinese clause rules (zh rules.clause_statements)
[他她它]们?$
