# 习惯（每、经常、平时）: a time of day said with one names no day (linking/timeexpr.py _time_alone)
每|经常|通常|总是|平时|一般
