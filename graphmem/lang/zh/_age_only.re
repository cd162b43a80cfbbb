# a clause that is only an age (今年六岁), group 1 the number (三岁半 whole: parse_number reads it 3.5). rules.named_ages
^(?:今年|现在|已经|刚)*([\d一二两三四五六七八九十]{1,3}(?:岁半|(?=岁)))岁?(?:了|啦)?$
