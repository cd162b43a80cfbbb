# the little words around a date said on its own ("on the 14th"): a clause of only these and a date states
# nothing new. Read by graphmem.linking.statements._only_a_time
\b(?:on|at|in|by|the)\b
