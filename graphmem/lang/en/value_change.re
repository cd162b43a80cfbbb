# a new value given with a change verb and a number ("bump the budget to $300"), a fresh start
# ("starting this week"), a replacement that arrived ("got a new laptop"), a plain "now" state (not
# "for now": that one holds only until it changes). Read by graphmem.recall.scoring.announces_change
(?i)\b(?:bump(?:ed|ing)?|rais(?:e|ed|ing)|drop(?:ped|ping)?|cut(?:ting)?|increas(?:e|ed|ing)|decreas(?:e|ed|ing)|
up(?:ped|ping)?|lower(?:ed|ing)?|reduc(?:e|ed|ing)|went|gone|go(?:ing)?|mov(?:e|ed|ing)|push(?:ed|ing)?|
balloon(?:ed|ing)?|gr[eo]wn?|growing|jump(?:ed|ing)?|climb(?:ed|ing)?|r[io]sen?|rising|shot|swell(?:ed|ing)?)\b[^.!?;]{0,40}?\b(?:to|
up to|down to)\s+[$€£¥]?\d|\bstarting (?:this|next|from)\b|\bfrom (?:this|next) (?:week|month)\b|\b(?:got|bought|
have) (?:a|my) new\b|\bnew \w+ (?:arrived|came|is here)\b|\b(?:i'm|i am|we're|we are|it's|is)\b[^.!?;]{0,40}\b(?<!for )now\b|
(?<!for )\bnow\s*[,.!]?$
