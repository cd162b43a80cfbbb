# a text that announces a change ("switched to", "no more"). Read by graphmem.recall.query.marks_change, graphmem.recall.scoring
(?i)\b(switched|switching|switch to|changed|change to|no more|no longer|not anymore|any ?more|instead|actually|
stopped|quit|gave up|moved to|moving to|replaced|now on|these days|from now on|cancel(?:l?ed)?|postponed|rescheduled|
pushed back|upgraded|downgraded|broke up|shifted|withdrew|pulled out|going with|went with|ended up|in the end|
decided against|slid|slipped|migrat(?:e|ed|ing)\s+(?:to|到)|signed with|moved (?:\w+ )?onto|put (?:her|him|them) on|
pushed (?:\w+ )?(?:to|until|till)|delayed|brought forward|bumped (?:\w+ ){0,2}to|(?:have|has|had) to wait (?:until|
till)|won't (?:be|start|open) (?:until|till))\b
