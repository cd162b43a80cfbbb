# a place's name (Leeds, Stratford upon Avon), not a weekday or month. Read by graphmem.linking.statements' English clause rules
[A-Z][\w'.-]*(?:\s+(?:(?:upon|on|de|la)\s+)?(?!(?:Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday|January|February|March|April|May|June|July|August|September|October|November|December)\b)[A-Z][\w'.-]*)*
