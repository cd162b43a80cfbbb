# words that begin with a numeral but say no number: 万一 'in case', 十分 'very' (not 十分钟/十分之一),
# 一下/一起/一直/一定/一般 (linking/normalize.py ZH_NUMBER_RE: no numeral run starts here)
万一|萬一|十分(?![钟鐘之])|一(?:下|起|直|定|般)
