# the word that ends a list ("peanuts, shellfish and penicillin")
(?i)\s(?:and|&)\s|\s&
