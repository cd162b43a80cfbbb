# a class the speaker signed up for, as what they are learning ("我还报了个日语班": 日语). Read by rules.learning
报了(?:个|一个|门|一门)?([\u4e00-\u9fffA-Za-z]{1,6}?)(?:班|课)
