# a weekday or the weekend in a date (linking/timeexpr.py _habitual: said of a habit it is no date)
(?i)(?:mon|tues|wednes|thurs|fri|satur|sun)day|weekend
