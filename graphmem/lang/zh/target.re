# a memory that states a target (想减到…, 目标): a new measurement does not contradict it. Read by graphmem.recall.scoring
想|打算|目标|计划|希望|争取
