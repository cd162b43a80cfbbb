# separators between the names of several pets ("Miso and Tofu", "Rex, Fido & Spot")
\s*(?:,|and|&)\s*
