# a verb that moves a plan, with its object, before the new time ('pushed the meeting to'; statements._event,
# after the reschedule cues of statement_cues.tsv)
(?i)\b(?:moved|pushed|postponed|rescheduled|delayed|bumped|shifted|slid|slipped)\s+(?:[\w']+\s+){1,4}(?:to|until|
till)
