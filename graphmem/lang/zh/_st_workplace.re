# where the user works or studies: "我在腾讯工作" (place, verb). Read by graphmem.linking.statements' Chinese clause rules (zh rules.clause_statements)
我(?:现在)?在([\u4e00-\u9fffA-Za-z0-9]{2,12}?)(工作|上班|实习|读书|上学)
