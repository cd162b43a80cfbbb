# words trailing a clause's value that are not part of it ('sushi at all', 'jazz these days', 'tea instead
# of coffee'; statements._trim_en strips them, repeatedly)
(?i)\s+(?:at all|anymore|any more|so much|a lot|too|though|these days|please|honestly|instead(?: of .*)?|really|
now|either|then|lately|tbh|lol|haha|i think|i guess|imo|btw|especially|in particular)$
