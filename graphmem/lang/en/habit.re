# a habit ('every', 'usually'): a time of day said with one names no day (linking/timeexpr.py _time_alone)
(?i)\b(?:every|each|usually|always|often|daily|normally|typically)\b
