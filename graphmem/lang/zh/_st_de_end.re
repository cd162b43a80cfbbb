# a trailing 的 ("我爸的", "武汉的"). Read by graphmem.linking.statements' Chinese clause rules (zh rules.clause_statements)
的$
