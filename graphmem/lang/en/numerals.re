# a number written in words (none in English: digits are read everywhere)
