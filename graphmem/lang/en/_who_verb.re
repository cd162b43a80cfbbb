# "who teaches me": the verb a who-question asks about, group 1. rules.agent_nouns
(?i)\bwho\s+(?:\w+\s+)?([a-z]{3,})(?:es|s)\b(?:\s+(?:me|us|my|our)\b)
