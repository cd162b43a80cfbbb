# right after "in a day": it is a date after all ("in a day or two")
