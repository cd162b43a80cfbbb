# what someone is learning (在学钢琴和游泳), group 1 the things. rules.learning
(?:最近|正|正在|现在|也|还|一直)*在学(?:说|习)?([\u4e00-\u9fffA-Za-z、和]{1,12}?)(?=[，。！,.!]|$|了)
