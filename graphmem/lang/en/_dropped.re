# what a change explicitly drops, group 1 ("no more oat latte", "stopped drinking coffee"). rules.dropped
(?i)\b(?:no more|no longer|stopped|quit|gave up|instead of|rather than|not any ?more)\s+((?:[\w'-]+\s*){1,3})
