# what the user is shopping for ("I'm looking for a new laptop for uni", "we're in the market for a used car"):
# group "thing" (linking/intents.py: attribute shopping_for)
(?i)\b(?:i'?m|i\s+am|we'?re|we\s+are)\s+(?:currently\s+|now\s+|still\s+)?(?:looking\s+for|shopping\s+for|
in\s+the\s+market\s+for|thinking\s+(?:of|about)\s+(?:buying|getting))\s+(?:a|an|some)?\s*
(?:new\s+|used\s+|second-hand\s+)?
(?!(?:a|an|the|place|job|way|work|help|advice|tips|ideas|recommendations|some\w*|any\w*)\b)(?P<thing>[a-z][\w-]*(?:\s+[\w-]+){0,2}?)
(?=\s+(?:for|to|with|that|under|around|about|as|which|but|and)\b|\s*[,.!?;]|\s*$)
