# a vague count in a date ("a few weeks ago", 几周前): its period is the past weeks, not one day
几
