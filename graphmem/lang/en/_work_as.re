# any job after "I work as" (a groundsman at Páirc Uí Chaoimh). Read by rules.occupation
(?i)\bi(?:'m| am)? work(?:ing)? as (?:an? )?((?:[\w'-]+ ){0,2}?[\w'-]+?(?: (?:at|for|with) (?-i:[A-Z][\w&.'-]*)(?: (?-i:[A-Z][\w&.'-]*)){0,3})?)(?= (?:at|for|with|in|since|because|and|but|now|right)\b|[,.;!]|$)
