# a liked thing preferred over another (比起咖啡，我更喜欢茶: group 1 the other)
比起([\u4e00-\u9fffA-Za-z]{1,6}?)[，,]?\s*(?:我|现在|还是)*更(?:喜欢|爱)
