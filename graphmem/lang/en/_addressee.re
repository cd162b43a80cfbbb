# a word addressing someone as "you" (such a sentence is not turned to second person)
(?i)\b(you|your|yours|you're|you've|yourself)\b
