# how many people ("for four", 4个人): a task's party size slot
(?i)[0-9一二三四五六七八九十两]{1,2}(个人|位|人)
