# a negation closed by 了 at the end (我不吃牛肉了): a change of state. rules.is_change
(不|没)[^，。！？,.!?]{1,8}了\s*[，。！？,.!?]?\s*$
