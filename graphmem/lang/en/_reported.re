# what someone in the speaker's world reported ("Dealer says it's a loose gas cap")
(?i)(?<![\w'])(?:the\s+|my\s+|our\s+)?(?!(?:someone|somebody|everyone|everybody|people|they|he|she|it|you|who|that|which)\b)[a-z][\w-]*\s+(?:says|said|told\s+(?:me|us))\s+(?:that\s+)?(?:it|he|she|they|we|i|the|my|our|there)\b[\w'’]*(?:\s+[\w'’$-]+){2,}
