# the verb in front of what is dropped (喝奶茶 -> 奶茶). rules.dropped
^[喝吃用去玩看买]
