# a word that starts a new clause (" but "), beside the punctuation. Read by graphmem.recall.scoring.says_more
\s+but\s+
