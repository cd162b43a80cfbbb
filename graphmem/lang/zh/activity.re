# a liked or disliked thing that is an activity, a taste or a quality (爬山, 拍照, 在家跳绳, 打篮球, 辣, 屏幕好一点): the preference is the
# user's own, with the activity as its value, and no entity is made for it (linking/statements.py). A verb-object
# word of a sport or hobby verb, optionally after where (在家, 在公司), a few activity words, or a taste on its own
^(?:(?:在[\u4e00-\u9fff]{1,3}?)?(?:(?:打|踢|弹|跳|爬|跑|骑|滑|钓|逛|唱|画|练|玩|拍|遛|散)[\u4e00-\u9fff]{1,4}(?<![机车具册器店馆者员品])|
游泳|下棋|健身|看书|读书|旅游|旅行|做饭|写作|摄影|徒步|露营)|
[\u4e00-\u9fff]{1,4}(?:好|大|小|快|慢|轻|薄|便宜|长|多|少|安静|亮)一?(?:点|些)(?:的)?|(?:辣|甜|咸|酸|苦|麻辣|油腻|清淡|重口味?)(?:的)?)$
