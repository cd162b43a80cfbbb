# what a standing instruction is about (回答, 用, 叫我). Read by graphmem.linking.statements' Chinese clause rules (zh rules.clause_statements)
回答|回复|跟我说|对我说|说中文|说英文|用|写|叫我|解释|格式
