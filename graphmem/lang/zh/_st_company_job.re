# a named company and the job there: "我在飞鸢科技做硬件" (company, job). Read by graphmem.linking.statements' Chinese clause rules (zh rules.clause_statements)
我(?:现在)?在([\u4e00-\u9fffA-Za-z0-9]{1,10}?(?:科技|公司|集团|银行|医院|学校|大学|研究院|研究所|事务所|工作室|工厂|厂|网络|咨询|传媒|证券|基金|律所))(?:做|当|负责)([\u4e00-\u9fffA-Za-z ]{2,12})
