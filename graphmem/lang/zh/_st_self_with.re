# the speaker and someone (我和, 我们跟). Read by graphmem.linking.statements' Chinese clause rules
我们?(?:和|跟|与|同)
