# a question about an earlier value (以前, 原来). Read by graphmem.recall.query.asks_about_past
(以前|原来|原先|原本|当初|曾经|过去|起初|最初|最早|以往|旧的|改之前|改过|换过|变过|变化|历史|之前(?:的|是|用|喜欢|想|住|在)|早先)
