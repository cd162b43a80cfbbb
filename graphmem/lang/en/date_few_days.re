# a vague count of days ("a couple of days ago", 几天前): the past week, not one day
(?i)few|couple
