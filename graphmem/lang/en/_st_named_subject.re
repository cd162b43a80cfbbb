# someone named before where they live (my mom, Tom lives). Read by graphmem.linking.statements' English clause rules
^\s*((?:my|our)\s+(?:mom|mum|dad|mother|father|sister|brother|son|daughter|wife|husband|partner|friend|cousin|aunt|uncle|grandma|grandpa|boss|colleague)|(?!(?:He|She|They|It|We|You)\b)[A-Z][a-z]+)(?:\s+(?:now|still|also|currently))?\s+(?:lives?|is|moved|has moved)?\s*$
