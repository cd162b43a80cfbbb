# a clause ending as a question (吗, 呢, ？). Read by graphmem.linking.statements' Chinese clause rules (zh rules.clause_statements)
[吗呢？?]$
