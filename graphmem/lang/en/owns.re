# what the speaker owns, said with a possession verb ("I also have an old MacBook Air at home", "we've got two
# bikes", "I've got the van", "I own a Subaru"): group thing, the words after the verb up to a preposition or a
# clause end; its head must be an ownable noun or brand (linking/lists.owned, lexicon.ownable)
\b(?:[Ii]|[Ww]e)(?:\s+(?:also|still|now|just|only))?(?:\s*'ve\s+(?:also\s+|still\s+)?got|\s+have\s+(?:also\s+|still\s+)?got|\s+(?:also\s+|still\s+)?(?:have|own))
\s+(?:(?:an?|one|two|three|four|the|my|our|some)\s+)?(?P<thing>[A-Za-z0-9][\w&+-]*(?:\s+(?!(?:at|in|on|for|from|with|to|that|which|and|but|so|or|as|of|when|because|if|is|was)\b)[A-Za-z0-9][\w&+-]*){0,4})
