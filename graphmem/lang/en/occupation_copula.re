# a clause without a subject that says someone's job ("my wife Ana, a nurse at St Mary's": the person the clause before named); {occ} is the lexicon's occupations. Read by linking.statements._occupation(copula=True)
(?i)^\s*(?:who's|who is|also)?\s*an?\s+((?:[\w+-]+\s+){0,2}?(?:{occ})s?\b(?:\s+(?:at|for|with)\s+(?-i:[A-Z][\w&.'-]*)(?:\s+(?-i:[A-Z][\w&.'-]*)){0,3})?)\s*[.!]*\s*$
