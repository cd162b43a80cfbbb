# a weekly habit said anywhere before a weekday in its clause (none beyond every_end in English;
# linking/timeexpr.py _habitual)
