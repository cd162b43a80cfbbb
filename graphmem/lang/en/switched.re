# what the user uses now after a switch ("I switched from VS Code to Neovim last year"): group "thing", a name
# (linking/intents.py: attribute uses)
(?i:\b(?:switched|migrated|changed)\s+(?:over\s+)?from\s+)\S.{0,40}?(?i:\s+to\s+)
(?P<thing>[A-Z][\w.+#-]*(?:\s+[A-Z0-9][\w.+#-]*){0,2})(?P<thing2>)
