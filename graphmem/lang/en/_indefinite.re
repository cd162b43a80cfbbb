# a head that names no thing ('anything with a glossy screen': the qualifier is the thing; rules.unqualified,
# whole head)
(?i)(?:any|some|every|no)(?:thing|one|body)|ones?|stuff
