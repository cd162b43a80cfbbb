# a date that already opens with its own word ("next week", "early May"): it gets no preposition
(?i)(?:in|on|at|by|for|during|around|next|this|last|early|late|mid)\b
