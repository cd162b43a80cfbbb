# what the user is learning ("I'm learning Japanese"), group 1 the thing. rules.learning
(?i)\b(?:i'?m|i am)(?: also| currently| now| still)? learning (?!to\b|how\b|that\b|a lot\b)([A-Za-z][\w+#-]*(?: [A-Z][\w-]*)?)
