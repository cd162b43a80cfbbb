# languages the speaker speaks ("I speak English and Portuguese")
\bI (?:can |also |do )?speak (?P<names>[A-Z][a-z]+(?:(?:\s*,\s*(?:and\s+)?|\s+and\s+)[A-Z][a-z]+)*)
