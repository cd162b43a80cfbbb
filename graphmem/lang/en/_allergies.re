# the speaker's allergies ("I'm allergic to peanuts and shellfish")
(?i)\b(?:i'?m|i am|i'?ve been|also|still)\s+(?:\w+\s+){0,2}?allergic to\s+(?P<names>.+?)(?=[.;!?]|,?\s+(?:fyi|so|but|which|too|as well|though)\b|,\s*(?:i|we|my)\b|$)
