# an allergy: "对芒果过敏" (the thing). Read by graphmem.linking.statements' Chinese clause rules (zh rules.clause_statements)
对([^对，。！？,.!?]{1,10}?)过敏
