# adverbs before a cue (一个人, 现在, 也), left out when asking whose. Read by graphmem.linking.statements' Chinese clause rules
(?:一个人|自己|现在|目前|以前|之前|一直|平时|也|还|都|就)+$
