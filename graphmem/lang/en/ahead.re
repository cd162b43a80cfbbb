# a time said to be ahead ("next Friday", "tomorrow"). Read by graphmem.recall.query.time_window
(?i)\b(?:next|tomorrow|coming)\b
