# a message that ends as a question (？, 吗): it states no fact about others. rules.others_facts
[？?吗]\s*$
