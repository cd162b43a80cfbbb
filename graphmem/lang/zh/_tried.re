# what the user tried and turned down, group 1 (试了宜家的但是太软). rules.dropped
试了([\u4e00-\u9fffA-Za-z0-9]{2,8}?)(?:的)?[，,]?\s*(?:但是|但|可是|不过)
