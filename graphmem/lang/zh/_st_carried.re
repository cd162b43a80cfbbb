# words before a cue that carry the last subject over (也, 还, 平时, 其实): "也不要葱". Read by graphmem.linking.statements' Chinese clause rules (zh rules.clause_statements)
(?:[也还都就真最特别很又再超挺蛮]|而且|并且|另外|平时|平常|一直|其实|现在|最近|向来|从小|本来)+
