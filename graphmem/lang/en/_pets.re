# pets with their names ("two cats, Miso and Tofu", "a dog called Rex")
\b(?:a|an|one|two|three|four|five|\d+)\s+(?P<noun>[a-z]+(?: [a-z]+){0,2}?)\s*(?:,\s*|\s+(?:called|named)\s+)(?P<names>[A-Z][\w'-]+(?:\s*(?:,|and|&)\s*[A-Z][\w'-]+)*)
