# 周几、周末 in a date (linking/timeexpr.py _habitual: said of a habit it is no date)
周|星期|礼拜
