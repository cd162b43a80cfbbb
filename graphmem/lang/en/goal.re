# a goal of the user's ("I want to learn Rust", 我打算学Rust): group 1 the goal
(?i)\b(?:i (?:want|need|would like|'d like|am trying|'m trying|plan|am planning|'m planning|hope) to)\s+([^.?!,;]{3,60})
