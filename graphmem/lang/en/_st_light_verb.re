# a light verb before what is liked (do, have, eat any more), left out. Read by graphmem.linking.statements' English clause rules
(?i)^(?:to\s+)?(?:do|have|eat|drink|use|play|watch|take|get|go to|deal with|work with|work on|listen to|read|wear)\s+(?:any\s?more\s+|any\s+|more\s+|the\s+|a\s+|an\s+)?
