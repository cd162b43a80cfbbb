# a participant's possessive before a name ('my sister' said by Melanie is Melanie's sister;
# group 1 the name: rules.of_speaker)
(?i)^(?:my|our)\s+(\S.*)$
