# separators between languages named ("English, French and Portuguese")
\s*,\s*(?:and\s+)?|\s+and\s+
