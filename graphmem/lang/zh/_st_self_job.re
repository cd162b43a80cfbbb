# the user's own job (我是, 我现在当). Read by graphmem.linking.statements' Chinese clause rules
我(?:现在)?(?:是|做|当)
