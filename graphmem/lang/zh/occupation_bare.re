# a clause that is only a job, said in a self-introduction ("我叫陈晨，28岁，程序员"); {occ} is the lexicon's occupations. Read by linking.statements._occupation(bare=True)
^\s*(?:一名|一个|个)?([\u4e00-\u9fff]{0,4}?(?:{occ}))\s*[。！]*\s*$
