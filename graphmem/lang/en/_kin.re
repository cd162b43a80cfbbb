# a relative named by the user's possessive ('my little sister', 'our son'; group 1 the role word:
# rules.kin_mentions)
(?i)\b(?:my|our)\s+(?:(?:little|big|older|younger|twin|baby|eldest|oldest|youngest)\s+)?([a-z]+)\b
