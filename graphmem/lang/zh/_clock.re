# a time of day (rules.clock): part of the day, hour, 点, then 半/一刻/三刻 or minutes
(?P<part>凌晨|早上|早晨|上午|中午|下午|傍晚|晚上|夜里)?(?P<h>[0-9]{1,2}|[一二两三四五六七八九十]{1,3})点(?P<after>半|一刻|三刻|(?P<min>[0-9]{1,2}|[一二三四五六七八九十]{1,3})分?)?
