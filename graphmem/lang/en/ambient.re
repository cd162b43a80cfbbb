# weather, mood, holiday and sign-off talk: a message of only this (and stop words) is small talk
# (linking/gate.py _ambient_only, _substantive)
(?i)\b(?:rain(?:ing|y|s|ed)?|snow(?:ing|y|ed)?|sun(?:ny|set|rise|shine)?|freezing|chilly|humid|drizzl(?:e|y|ing)|
grey|gray|overcast|cloudy|windy|storm(?:y|ing)?|weather|haze|hazy|smog|tgif|friday|weekend|hot|cold|gorgeous day|
beautiful day|lovely day|long day|knackered|shattered|wiped out|drained|muggy|gloomy|what a (?:day|week|weekend)|
monday blues|gotta go|off to bed|xx|crowded|packed|tired|sleepy|exhausted|phew|ugh|brr|anyway|bet|lifesaver|that'?s it|
happy [a-z]+(?:'?s)?(?: day)?|merry [a-z]+|hope your? [a-z ]+)\b
