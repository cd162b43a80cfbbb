# what comes right before an attribute cue that makes it a moment, not the value: an ordinal ("my 18th birthday",
# "her first job") or a preposition of time ("at age fifteen", "since age 5"). Read by graphmem.linking.statements'
# English clause rules
(?i)(?:\b\d+(?:st|nd|rd|th)|\b(?:first|second|third|fourth|fifth|sixth|seventh|eighth|ninth|tenth|eleventh|twelfth|thirteenth|fourteenth|fifteenth|sixteenth|seventeenth|eighteenth|nineteenth|twentieth|thirtieth|fortieth|fiftieth|sixtieth|seventieth|eightieth|ninetieth|hundredth)|\b(?:at|by|since|from|until|till|before|after|around))\s+$
