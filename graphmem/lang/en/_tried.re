# what the user tried and turned down, group 1 ("we tried the Yamaha but it felt stiff"). rules.dropped
(?i)\btried (?:out )?(?:the |a |an )?((?:[\w'-]+\s*){1,2}?)\s*(?:,\s*)?but\b
