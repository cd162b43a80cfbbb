# a time of day ("7:30 pm", 晚上7点): a task's time slot
(?i)\b(\d{1,2}(:\d{2})? ?(am|pm|a\.m\.|p\.m\.)|\d{1,2}:\d{2})\b
