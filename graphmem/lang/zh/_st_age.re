# an age: "我女儿今年四岁" (whose, number; 三岁半 whole, parse_number reads it 3.5). Read by graphmem.linking.statements' Chinese clause rules (zh rules.clause_statements)
(我(?:的)?[\u4e00-\u9fff]{0,3}?)(?:今年|现在)?(?:已经)?((?:[0-9]{1,3}|[一二两三四五六七八九十]{1,3})(?:岁半|(?=(?:周)?岁)))(?:周)?岁?
