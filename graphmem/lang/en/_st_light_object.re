# a light verb's object marked as a thing (any more, the, a). Read by graphmem.linking.statements' English clause rules
(?i)^(?:to\s+)?\w+(?:\s+(?:to|with|on))?\s+(?:any\s?more|any|more|the|a|an)\b
