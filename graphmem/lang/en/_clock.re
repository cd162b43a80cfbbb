# a time of day (rules.clock): "3pm", "at 10:30 am"; "at 5" (not "at 5 people"); noon, midnight
(?i)\b(?:at\s+)?(?P<h>\d{1,2})(?::(?P<min>\d{2}))?\s*(?P<ampm>am|pm|a\.m\.|p\.m\.)|\bat\s+(?P<at>\d{1,2})(?::(?P<at_min>\d{2}))?\b(?!\s*(?:%|percent|people|kids|years))|\b(?P<word>noon|midday|midnight)\b
