# a child named on introduction (我有个女儿叫朵朵): group 1 daughter/son, group 2 the name
有(?:个|一个|两个)?(女儿|儿子)[，,]?(?:叫|名叫|名字叫)([\u4e00-\u9fff]{1,3}?)(?=[，。！,.!]|$|今年)
