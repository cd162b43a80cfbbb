# the speaker says what they need, want or like ("I need", "please", "never"): the summary keeps it
(?i)\b(i (need|want|prefer|like|love|hate|dislike|am|'m|have|live|work)|my|please|don't|never|always)\b
