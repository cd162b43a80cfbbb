# a pointer back and its head noun, group 1 (那个方案 -> 方案). Read by graphmem.recall.query.back_reference
(?:那个|这个|那家|这家|那款|这款|那位|这位|那种|这种|那件|这件|那台|这台|那份|这份)([\u4e00-\u9fff]{1,4}?)(?=怎|呢|吗|的|了|是|还|在|有|现|呀|啊|吧|要|去|和|跟|
多|能|会|$|[^\u4e00-\u9fff])
