# a question about the value that holds now (现在, 最后). Read by graphmem.recall.query.asks_current
现在|目前|眼下|如今|最后|最终|最近改|到底|还在|还是
