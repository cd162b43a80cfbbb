# particles at the end of a clause (啊, 吧, 呢). rules.others_facts
[啊呀吧呢哦]+$
