# what is not a place after 住在/搬到 (a number, a day, a month; English ones too). Read by graphmem.linking.statements' Chinese clause rules
(?i)\d|[零一二两三四五六七八九十百千万]|(?:next|this|last)\b|(?:mon|tues|wednes|thurs|fri|satur|sun)day|(?:january|february|march|april|may|june|july|august|september|october|november|december)\b|[上下这本明后今]?(?:周|星期|礼拜|个?月|天|年)
