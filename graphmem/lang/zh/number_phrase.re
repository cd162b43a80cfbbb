# a number said in words, digits allowed ("eight thousand", "1.5 million") (linking/normalize.py number_phrases)
