# a thing the speaker owns named by its brand after "my" ("my Subaru fits five", "My ThinkPad X1 is 5 years old",
# "my iPhone"): group thing; its first word must be a brand of an ownable type. Read by en rules.owned
\b[Mm]y\s+(?P<thing>[A-Za-z][\w&+-]*(?:\s+[A-Z0-9][\w&+-]*){0,3})
