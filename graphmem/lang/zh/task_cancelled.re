# the task is dropped ("never mind", 算了)
(?i)算了|不订了|取消
