# the speaker's possessive opening a referent's name ("he=my brother" -> "he: your brother")
(?i)^my\b
