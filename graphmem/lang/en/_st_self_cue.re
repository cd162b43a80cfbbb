# an attribute cue that itself says the user ('i live in', "i'm from", 'we moved to'; statements._en_clause,
# matched at the cue's start)
i[ ]|i'|we[ ]
