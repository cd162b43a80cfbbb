# the place of 在南京做… (the place). Read by graphmem.linking.statements' Chinese clause rules
在([\u4e00-\u9fff]{2,6}?)(?:做|当)
