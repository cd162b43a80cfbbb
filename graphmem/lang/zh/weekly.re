# 每周 anywhere before a weekday or the weekend in its clause (每周都会在周末去打球: a habit, no date;
# linking/timeexpr.py _habitual)
每(?:个)?(?:周|星期|礼拜)
