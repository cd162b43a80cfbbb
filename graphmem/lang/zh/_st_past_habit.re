# a past habit, not an instruction (之前, 以前). Read by graphmem.linking.statements' Chinese clause rules (zh rules.clause_statements)
之前|以前|过去|原来|当时
