# a time said to be ahead (下周三, 明天, 后天). Read by graphmem.recall.query.time_window
下|明|后天|大后天
