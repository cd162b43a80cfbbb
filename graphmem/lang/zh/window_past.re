# a question said in the past tense (过, 了): a month or day ahead is then no period it means. Read by graphmem.recall.query.time_window
过|了
