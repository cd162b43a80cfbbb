# the user's job said with a known occupation (I'm a nurse at Westmead Hospital); {occ} is the lexicon's occupations. Read by linking.statements._occupation
(?i)\b(?:i(?:'m| am) working as|i work as|my job is|i(?:'m| am))(?: now| currently| still)?\s+(?:an?\s+)?((?:[\w+-]+\s+){0,3}?(?:{occ})s?\b(?:\s+(?:at|for|with)\s+(?-i:[A-Z][\w&.'-]*)(?:\s+(?-i:[A-Z][\w&.'-]*)){0,3})?)
