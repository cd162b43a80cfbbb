# a number and its unit, group 1 the unit (一百八十斤). rules.quantity_units; 十分 "very" and 万一 "in case" are words, not numbers
(?![万萬]一|十分(?![钟鐘之]))(?<![万萬])[\d一二两三四五六七八九十百千万点半]+(斤|公斤|公里|元|块|万|次|岁|升|分|小时|分钟|人|个人|杯)
