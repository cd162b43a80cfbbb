# languages the speaker speaks (我会说普通话、粤语和英语)
我(?:也|还)?(?:会说|会讲|能说)(?P<names>[\u4e00-\u9fff、和及与]+?)(?=[，。！,.!]|$)
