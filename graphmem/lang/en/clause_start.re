# a word that starts a new clause of a message (" but ", " so "), beside the punctuation. Read by
# graphmem.linking.statements._clauses
\s+but\s+|\s+so\s+
