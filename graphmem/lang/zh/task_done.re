# the task is done ("booked", 订好了)
(?i)订好了|已预订|预订成功|已经订|搞定了|完成了
