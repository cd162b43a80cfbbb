# an article or 'to' opening a value of two words or more ('the beach house' -> 'beach house';
# statements._trim_en)
(?i)^(?:to|the|a|an|some)\s+
