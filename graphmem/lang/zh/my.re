# a name that starts with the speaker's possessive (我的笔记本, 我们的房子, 我妹妹)
^(我的|我们的|我们|我)
