# a question about what the assistant itself said ("你之前推荐的那本书叫什么?", "你说过的那个方案"), not a request to it
# now ("你推荐一下"). Read by graphmem.recall.retriever._annotate
你(?:之前|上次|刚才|那天|以前)(?:说|推荐|建议|提到|给我|列|讲|介绍)|你(?:说|推荐|建议|提到|列|讲|介绍)(?:过|的)
