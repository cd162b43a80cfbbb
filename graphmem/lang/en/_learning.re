# what the user is learning ("I'm learning Japanese", "learning Rust and Go"), group 1 the thing or the list of them
# (capitalised names after the first). rules.learning
\b(?i:i'?m|i am)(?i: also| currently| now| still)? (?i:learning) (?!(?i:to|how|that|a|an|the|so|lots)\b)([A-Za-z][\w+#-]*(?: [A-Z][\w-]*)?(?:(?:,| and|, and) [A-Z][\w+#-]*(?: [A-Z][\w-]*)?)*)
