# several pets named one by one (有两只猫，一只叫咪咪，一只叫球球)
(?P<verb>有|养了)(?P<count>[两二三四五\d])(?:只|条)(?P<noun>[\u4e00-\u9fff]{1,3}?)[，,](?P<rest>(?:[一另]只叫[\u4e00-\u9fff]{1,4}[，,]?)+)
