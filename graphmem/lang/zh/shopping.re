# what the user is shopping for ("想买台笔记本电脑", "想换个iPhone 16", "准备入手一台相机"): group "thing"
# (linking/intents.py: attribute shopping_for); 换 only with a measure word, and not a job or a place
(?:想|打算|准备|考虑)(?:买|入手|换(?=[个台部辆款只双件])(?![个台部辆款只双件](?:工作|地方|城市|发型|房子)))
(?:一?[台个部辆件双块只款套点些])?(?P<thing>[\u4e00-\u9fffA-Za-z0-9][\u4e00-\u9fffA-Za-z0-9 ]{0,11}?)
(?=[，。！？,.!?的吧了]|$)
