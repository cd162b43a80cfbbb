# a bare weekday told as past, by what comes after it (none in English: see day_past_before.re). Read by
# linking/timeexpr.py _told_as_past
