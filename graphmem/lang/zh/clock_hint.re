# what a time of day said plainly needs (a digit, 点): the cheap test before reading one (timeexpr find_times)
点
