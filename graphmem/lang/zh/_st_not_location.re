# what follows 住/在 when it is not a place (住院了, 住得远). Read by graphmem.linking.statements' Chinese clause rules (zh rules.clause_statements)
[院了过得不的久惯着下一个]
