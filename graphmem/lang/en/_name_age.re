# a self-introduction with an age ("I'm Sam, 34"): group 1 the name, group 2 the age
\bI'?m ([A-Z][a-z]+),\s*(\d{1,2})\b
