# the speaker or their family (a pet list is theirs)
(?i)\b(?:i|we|i've|we've|i'm|we're|my family|our family)\b
