# a light verb before what is liked (吃, 喝, 用), left out. Read by graphmem.linking.statements' Chinese clause rules
^(?:吃|喝|用|看|玩|听|穿|去|做|住|开)
