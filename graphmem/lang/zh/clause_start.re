# a word that starts a new clause of a message (但是, 不过, 可是), beside the punctuation. Read by
# graphmem.linking.statements._clauses
但是|不过|可是
