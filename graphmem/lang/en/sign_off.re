# how a message signs off or thanks at its end ('cheers, ttyl', 'thanks for listening'): the message
# says what the part before it says (linking/gate.py _before_sign_off)
(?i)\b(?:bye+|ta|laters?|ttyl|gtg|cheers|(?:good ?)?night|gotta (?:go|run|dash)|got to go|xx+|see ya|cya|thanks?(?: (?:a lot|
so much|again|for (?:listening|letting me \w+(?: at you)?|the help|everything)))?|thank you(?: so much)?|cheers for (?:letting me \w+(?: at you)?|
listening|that))
