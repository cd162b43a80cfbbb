# an article between a moving verb and the new time ('moved to the 3rd'; statements._event)
(?i)the\s+
