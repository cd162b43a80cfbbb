# a question about the value that holds now ("now", "in the end", a choice: "What tile did I pick?").
# Read by graphmem.recall.query.asks_current
(?i)\b(?:now|currently|current|these days|at the moment|still|anymore|actually|in the end|(?:end|ended|ending) up|
pick|picked|choose|chose|decide|decided|settle on|settled on|go with|went with|opt for|opted for|latest|final|
finally)\b
