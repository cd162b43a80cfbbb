# a question that asks for a name (叫什么, 名字, 谁): a name is not a value that changes, so the later of two answers
# is not read first. Read by graphmem.recall.query.asks_name
叫什么|名字|谁|哪位
