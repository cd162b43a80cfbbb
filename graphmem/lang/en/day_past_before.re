# a bare weekday ("on Monday", "Saturday") told as past: the speaker's past-tense verb earlier in its clause ("I started
# my new job on Monday", "we went hiking on Saturday") means the latest one, not the coming one; a plan made earlier
# ("I booked a table for Saturday", "I need to call on Monday") keeps the coming one. Text before the weekday, to the
# clause's start. A month said with "in" reads the same ("we went to Paris in January"), and so does a question told
# as past ("What did I spend in February?", "What happened on Monday?"). Read by linking/timeexpr.py
# _told_as_past
(?i)(?:\b(?:did|was|were)\s+(?:i|we|you|he|she|they)\b(?!\s+(?:book|schedule|plan|arrange|reserve|register|need)\b)|\bhappened\b|
\b(?:i|we|he|she|they)\s+(?:just\s+|finally\s+|already\s+|also\s+|actually\s+)?
(?!(?:booked|scheduled|planned|arranged|reserved|registered|promised|agreed|decided|said|told|asked|invited|signed|need)\b)
(?:[a-z]{2,}ed|went|ran|got|began|came|did|had|made|took|bought|saw|met|left|won|lost|gave|found|wrote|drove|flew|rode
|swam|ate|spent|sold|brought|caught|fell|heard|paid|sent|sat|slept|spoke|broke|drank|threw|wore)\b)
[^.!?;]*(?<!\bfor\s)(?<!\buntil\s)(?<!\bby\s)(?<!\btill\s)$
