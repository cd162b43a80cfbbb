# how well a language is spoken, before its name ("a bit of German", "some Spanish"): not part of the name. Read by rules.languages_spoken
^(?:a (?:bit|little) of|a little|some|basic|conversational|fluent|native)\s+
