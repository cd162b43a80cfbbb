# the task is done ("booked", 订好了)
(?i)\b(booked|is confirmed|reservation confirmed|all set|done with)\b
