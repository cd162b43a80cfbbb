# a list after a colon (group lead: the words before it, items: the list). Read by rules.enumerations
(?P<lead>[\u4e00-\u9fffA-Za-z0-9]{1,16})[:：]\s*(?P<items>[^。！？!?\n:：]+)
