# laughter and sounds written as one word (haha, lol, xd, hmm, 666, www); a word that is only this
# is no content (linking/gate.py: the gate and is_social; the whole word must match)
(?:ha|he|hi|ho|lo|l)+|x+d+|a+h+|o+h+|u+h+|h+m+|h+|m+|e+m+|6+|w+
