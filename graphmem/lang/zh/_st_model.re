# a thing's model: "我的笔记本是ThinkPad X1" (thing, model). Read by graphmem.linking.statements' Chinese clause rules (zh rules.clause_statements)
我的([\u4e00-\u9fff]{1,4})是([\u4e00-\u9fff]{0,4}[A-Za-z0-9][\w\- ]*)
