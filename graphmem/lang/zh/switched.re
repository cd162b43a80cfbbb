# what the user uses now after a switch ("我现在写代码用Neovim，之前一直用VS Code"): group "thing" ("thing2" is
# another shape's; none here) (linking/intents.py: attribute uses)
现在[^，。！？,]{0,8}?用(?P<thing>[^，。！？,.!?]{1,20}?)\s*[，,]\s*(?:之前|以前|原来)[^，。]{0,4}用(?P<thing2>)
