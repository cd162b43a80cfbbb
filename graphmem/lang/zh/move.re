# a memory about moving house (搬到, 搬家). Read by graphmem.recall.scoring
搬到|搬去|搬家|搬进
