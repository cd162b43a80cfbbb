# a question word asking for a thing (什么车, 哪家医院). rules.asked_types
什么|哪|几|多少
