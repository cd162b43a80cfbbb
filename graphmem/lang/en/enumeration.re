# a list after a colon (group noun: the word before it, items: the list). Read by rules.enumerations
(?P<noun>[A-Za-z]+)\s*:\s*(?P<items>[^.!?\n:]+)
