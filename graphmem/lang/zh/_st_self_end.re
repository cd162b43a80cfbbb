# the speaker just before a cue (我, 我们). Read by graphmem.linking.statements' Chinese clause rules
我们?$
