# a health condition the speaker has ("我有糖尿病", "我得了痛风"); group c: its name. Read by linking.passing.facts
(?:^|[，,。！!；;\s]|我)(?:也|还|现在|一直)?(?:有|得了|患有|查出)(?P<c>糖尿病|高血压|高血脂|哮喘|胃病|胃炎|痛风|偏头痛|抑郁症|焦虑症|贫血|腰椎间盘突出|颈椎病|鼻炎|湿疹|乳糖不耐受)
