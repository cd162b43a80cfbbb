# first person with content after it (我们家…, 我的…): group 1 the content
我(?:们|家|的)?([\u4e00-\u9fffA-Za-z0-9]{2,})
