# a height said 一米七五 (metres, centimetres). Read by graphmem.linking.statements' Chinese clause rules
([一二两\d])米([一二三四五六七八九\d]{1,2})
