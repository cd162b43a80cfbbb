# the user's job said with a known occupation (我是一名护士, 在上海做UI designer); {occ} is the lexicon's occupations. Read by linking.statements._occupation
(?i)(?:我(?:现在)?(?:是|做|当)|在[\u4e00-\u9fffA-Za-z]{1,8}(?:做|当))(?:一名|一个|个)?\s*((?:[A-Za-z][\w+-]*\s+){0,3}(?:{occ})|[\u4e00-\u9fff]{0,4}?(?:{occ}))
