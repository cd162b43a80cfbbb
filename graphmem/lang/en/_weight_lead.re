# the words before the user's weight ("I'm", "I weigh"). rules.body
(?i)\b(?:i'?m|i am|i weigh)\b(?:[^.?!,]*?\band)?\s+(?:about |around |now )?
