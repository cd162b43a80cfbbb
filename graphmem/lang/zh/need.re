# the speaker says what they need, want or like (我需要, 请, 不要): the summary keeps it
(?i)我(需要|想|要|喜欢|讨厌|不喜欢|是|有|住|在)|我的|请|不要|一定|总是|从不
