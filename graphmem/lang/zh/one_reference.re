# a reference without a head noun ("this one"); empty: 这个, 另一个 are read with the demonstratives
# (markers zh_det_char, zh_other; linking/mentions.py)
