# the verbs and articles around what is dropped ("stopped drinking coffee" -> coffee). rules.dropped
(?i)\b(?:drink(?:ing)?|eat(?:ing)?|us(?:e|ing)|hav(?:e|ing)|do(?:ing)?|like|want|go(?:ing)?|play(?:ing)?|the|my|
a|an|to)\b
