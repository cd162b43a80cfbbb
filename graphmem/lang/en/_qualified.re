# a thing with a qualifier after it ('a phone with the best camera'; group 1 the thing, up to three words:
# rules.unqualified)
(?i)^((?:[\w'-]+\s+){0,2}[\w'-]+)\s+(?:with|that|which|who|where)\s+\S
