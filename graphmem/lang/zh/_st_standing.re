# a standing instruction's time words (以后, 每次, 总是). Read by graphmem.linking.statements' Chinese clause rules (zh rules.clause_statements)
以后|今后|从现在开始|每次|一直|总是
