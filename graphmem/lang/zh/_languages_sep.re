# separators between languages named (普通话、粤语和英语)
[、和及与]
