# a clause without a subject that says someone's job ("我老公叫王磊，是中学数学老师": the person the clause before named); {occ} is the lexicon's occupations. Read by linking.statements._occupation(copula=True)
^\s*(?:现在|目前)?是(?:一名|一个|个|位|一位)?([\u4e00-\u9fff]{0,4}?(?:{occ}))\s*$
