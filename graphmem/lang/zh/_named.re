# someone named by 叫 (有个女儿叫朵朵), group 1 the name. rules.named_ages, rules.learning
(?<![我我的])(?:叫|名叫|名字叫)([\u4e00-\u9fff]{2,3}?)(?=[，,。]|$)
