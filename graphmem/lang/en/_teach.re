# what the user teaches: "I teach chemistry" (a chemistry teacher). Read by rules.occupation
(?i)\bi(?: still| now)? teach (?!(?:the|a|an|them|him|her|us|you|my|our|people|kids)\b)((?:[A-Za-z]+ ){0,2}?[A-Za-z]+?)(?= to | at | in | for |[,.;!]|$)
