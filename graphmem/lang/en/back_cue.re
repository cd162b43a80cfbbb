# a pointer back to something already in the conversation ("that", "the same"). Read by graphmem.recall.query.back_reference
(?i)\b(that|this|those|these|it|its|the one|the same|the former|the latter|there)\b
