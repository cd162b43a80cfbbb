# the speaker in a question (我). Read by graphmem.recall.query: an attribute question in the first person asks for its answer's type
我
