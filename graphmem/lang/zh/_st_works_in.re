# where a job is done: 在…做/当. Read by graphmem.linking.statements' Chinese clause rules
在[\u4e00-\u9fffA-Za-z]{1,8}(?:做|当)
