# a question about the value that holds now ("now", "in the end"). Read by graphmem.recall.query.asks_current
(?i)\b(?:now|currently|current|these days|at the moment|still|anymore|actually|in the end|(?:end|ended|ending) up|latest|final|
finally)\b
