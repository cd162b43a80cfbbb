# the speaker's thing and what it is or does ("my left calf has been tight", "our budget is 8k")
(?i)(?<![\w'])(?:my|our)\s+(?:[a-z][\w-]*\s+){0,2}?[a-z][\w-]*(?:['’]s|\s+(?:is|are|was|were|has|have|had|been|isn't|aren't|wasn't|needs?|takes?|costs?|got|gets|will|can|works?|lives?))\s+\w
