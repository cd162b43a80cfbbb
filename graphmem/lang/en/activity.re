# a liked or disliked thing that is an activity, a taste or a quality ("hiking", "going to the gym", "spicy",
# "a bigger screen"): the preference
# is the user's own, with the activity as its value, and no entity is made for it (linking/statements.py)
(?i)^(?:(?!(?:wedding|building|clothing|ring|thing|king|spring|morning|evening|ceiling|pudding|dumpling|
stuffing|icing|frosting|bedding|string|wing|sibling|darling|earring|painting|meeting|offering|setting|
something|anything|nothing|everything|ending|beginning|feeling|rating|listing|heading|filling|dressing|
topping|seasoning|packaging|housing|parking|lighting|timing|pricing)s?\b)[a-z]{2,}ing(?:\s|$)|
(?:spicy|sweet|salty|sour|bitter|greasy|bland)$|
(?:a\s+)?(?:bigger|smaller|faster|lighter|cheaper|longer|quieter|brighter|better)\s+\w+$)
