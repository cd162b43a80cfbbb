# words that begin with a numeral but say no number (none: linking/normalize.py reads digits and
# Chinese numerals; English number words are number_word.re)
