# a question word asking for a thing (what car, which laptop). rules.asked_types
(?i)\b(?:what|which|where|who)\b
