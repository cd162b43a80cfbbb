# a word opening an item of an allergy list, dropped ("to the penicillin")
(?i)^(?:to|the)\s+
