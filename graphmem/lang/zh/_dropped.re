# what a change explicitly drops, group 1 (不再喝奶茶, 戒了可乐). rules.dropped
(?:不再|不喝|不吃|不用|戒了|停了)([\u4e00-\u9fff]{2,6})
