# a relative named: "我妹妹叫王丽丽" (role, name). Read by graphmem.linking.statements' Chinese clause rules (zh rules.clause_statements)
我(?:的)?([\u4e00-\u9fff]{1,3}?)(?:叫|名字是|的名字是)([\u4e00-\u9fffA-Za-z]{2,4})
