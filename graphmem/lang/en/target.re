# a memory that states a target ("goal is 85 kg", "my ask"): a new measurement does not contradict it. Read by graphmem.recall.scoring
(?i)\b(?:want(?:s|ed)? to|goal|target|aim(?:ing)?|plan(?:ning)? to|hop(?:e|ing) (?:to|for)|(?:my|the|an?) ask|
asking (?:for|price)|expect(?:s|ed|ing)?)\b
