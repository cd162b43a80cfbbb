# someone else before a preference cue (你, 他, 她, 它). Read by graphmem.linking.statements' Chinese clause rules (zh rules.clause_statements)
你|他|她|它
