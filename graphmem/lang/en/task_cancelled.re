# the task is dropped ("never mind", 算了)
(?i)\b(never ?mind|cancel (it|that|the)|forget (it|about it))\b
