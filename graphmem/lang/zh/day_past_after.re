# a bare weekday ("周一", "星期六") told as past: 了 after it in its clause ("周一开始上班了", "我周六去爬山了") means
# the latest one, not the coming one; unless the clause says it is still ahead ("周六要考试了", "周日就出发了" with 要,
# 会, 准备, 打算, 计划, 将, 快, 想, 就). Text after the weekday, to the clause's end; a month reads the same
# ("我五月去了北京"). Read by linking/timeexpr.py _told_as_past
^(?![^，。！？；,.!?;]*(?:要|会|准备|打算|计划|将|快|想|就))[^，。！？；,.!?;]*?(?<![为除])了(?!解|不起)
