# 做了四年后端开发: the aspect and the duration before a job are not part of it (removed from the start of
# every pack's occupation.re group 1 by statements._occupation)
^[了过]?[一二两三四五六七八九十几\d]*[年个月周天]*(?:的)?
