# someone else's words (他, 她, …说). Read by graphmem.linking.statements' Chinese clause rules (zh rules.clause_statements)
[他她]|[\u4e00-\u9fff]说
