# a number written as a word ("ELEVEN"): never a named mention. Read by graphmem.linking.mentions
# (no Chinese rule: the file is empty)
