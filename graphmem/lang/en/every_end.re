# 'every' right before a weekday or the weekend ('every Monday', 'each other Friday': a habit, no date;
# linking/timeexpr.py _habitual)
(?i)\b(?:every|each)(?:\s+other)?$
