# he or she (他, 她): the fact is someone else's. rules.learning, rules.body
[他她]
