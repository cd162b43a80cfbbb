# a name with its description, "Cobaltline, the fintech startup" (groups 1, 2) or "a fintech startup called
# Cobaltline" (groups 3, 4): the description becomes an alias (linking/mentions.py en_appositions)
(?<![\w,])([A-Z][\w&.'-]*(?:\s+(?:[A-Z][\w&.'-]*|&|of))*),\s+(?:the|a|an|our|my)\s+((?:[a-z][\w-]*\s+){0,3}[a-z][\w-]*)
(?=\s*(?:[,.;!?)]|$|\s+(?:that|which|who|where|with|in|on|at|from|for)\b))
|\b(?:the|a|an)\s+((?:[a-z][\w-]*\s+){0,3}[a-z][\w-]*)\s+(?:called|named)\s+([A-Z][\w&.'-]*(?:\s+(?:[A-Z][\w&.'-]*|&|of))*)
