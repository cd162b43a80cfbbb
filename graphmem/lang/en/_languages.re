# languages the speaker speaks ("I speak English and Portuguese")
\bI (?:can |also |do )?speak (?P<names>(?:(?:a (?:bit|little) of|a little|some|basic|conversational|fluent|native)\s+)?[A-Z][a-z]+(?:(?:\s*,\s*(?:and\s+)?|\s+and\s+)(?:(?:a (?:bit|little) of|a little|some|basic|conversational|fluent|native)\s+)?[A-Z][a-z]+)*)
