# a word that starts a new clause (但是, 不过), beside the punctuation. Read by graphmem.recall.scoring.says_more
但是|不过
