# the speaker in a question (I, my, we). Read by graphmem.recall.query: an attribute question in the first person asks for its answer's type
(?i)\b(?:i|my|me|we|our|us)\b
