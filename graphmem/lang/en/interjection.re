# an interjection ("aaaah", "lol", "byeee"): never a mention. Read by graphmem.linking.mentions
^(?:a+h+|o+h+|u+g+h+|w+o+w+|y+a+y+|h+a+(?:h+a+)*|l+o+l+|b+y+e+)$
