# a relative named: "王丽丽是我妹妹" (name, role). Read by graphmem.linking.statements' Chinese clause rules (zh rules.clause_statements)
^([\u4e00-\u9fffA-Za-z]{2,4})是我(?:的)?([\u4e00-\u9fff]{1,3})$
