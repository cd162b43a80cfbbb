# a self-introduction with an age (我叫陈晨，28岁): group 1 the name, group 2 the age (三岁半 whole: 3.5)
我叫([\u4e00-\u9fff]{2,3})[，,]\s*(?:今年)?([\d一二三四五六七八九十]{1,3}(?:岁半|(?=岁)|(?=[，,。]|$)))岁?
