# a favourite named: "最喜欢的水果是芒果" (the thing). Read by graphmem.linking.statements' Chinese clause rules (zh rules.clause_statements)
的[\u4e00-\u9fff]{1,4}(?:是|就是)(.+)$
