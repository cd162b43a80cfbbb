# an intensifier, removed first ("I'm so happy" is "I'm happy")
(?i)\b(?:so+|very|really|super|too|kinda|pretty|totally|extremely)\s+
