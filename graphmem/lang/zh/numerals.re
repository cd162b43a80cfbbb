# a number written in Chinese numerals (三千, 两百)
[一二三四五六七八九十百千万两]{2,}
