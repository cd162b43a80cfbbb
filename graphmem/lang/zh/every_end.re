# 每 right before a weekday or the weekend (每周末, 每个周一: a habit, no date; linking/timeexpr.py _habitual)
每(?:个|逢|到)?$
