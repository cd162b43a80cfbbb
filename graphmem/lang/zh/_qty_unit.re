# a number and its unit, group 1 the unit (一百八十斤). rules.quantity_units
[\d一二两三四五六七八九十百千万点半]+(斤|公斤|公里|元|块|万|次|岁|升|分|小时|分钟|人|个人|杯)
