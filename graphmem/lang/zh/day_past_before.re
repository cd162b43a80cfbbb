# a bare weekday told as past, by what comes before it (none in Chinese: its past is marked after the day, see
# day_past_after.re). Read by linking/timeexpr.py _told_as_past
