# a number said in words, digits allowed ("eight thousand", "1.5 million") (linking/normalize.py number_phrases)
(?i)\b(?:(?:a|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|fourteen|fifteen|
sixteen|seventeen|eighteen|nineteen|twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety|hundred|
thousand|grand|million|billion|and|[\d.]+)[\s-]+)*(?:hundred|thousand|grand|million|billion|
one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|fourteen|fifteen|sixteen|
seventeen|eighteen|nineteen|twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety)\b
