# the little words around a date said on its own (是, 在, 了): a clause of only these and a date states nothing
# new. Read by graphmem.linking.statements._only_a_time
[是在于了的啊]
