# the word before a value (是, 为, 叫, 在). Read by graphmem.linking.statements' Chinese clause rules (zh rules.clause_statements)
^(是|为|叫|在)
