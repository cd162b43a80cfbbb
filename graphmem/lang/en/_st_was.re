# a cue said of the past just before it ("I was working at Tesco", "we used to work for them"): no value of now. Read by graphmem.linking.statements' English clause rules
(?i)\b(?:was|were|used to)\s+(?:\w+\s+)?$
