# a question that refers to its speaker ("我的预算", "我们", "咱家") or, by a pronoun, to someone of theirs
# ("她在哪家医院看的"): the first person, but not a request frame alone ("帮我写", "给我讲个笑话", "告诉我",
# "教我"), and 他/她; read by graphmem.recall.gate (a question with none of it, and nothing of the user's linked,
# is held to a stricter gate)
我们|咱|俺|他|她|(?<!帮)(?<!给)(?<!告诉)(?<!教)我
