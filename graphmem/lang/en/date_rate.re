# right before "in a week": a rate ("twice in a week"), no date
(?i)\b(?:once|twice|thrice|times)\s+$
