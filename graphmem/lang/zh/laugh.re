# laughter written as one word (哈哈, 呵呵, 嘿嘿, 嘻嘻); a word that is only this is no content
# (linking/gate.py: the gate and is_social; the whole word must match)
(?:哈|呵|嘿|嘻|hh)+
