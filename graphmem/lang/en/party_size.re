# how many people ("for four", 4个人): a task's party size slot
(?i)\bfor (\d{1,2}|two|three|four|five|six|seven|eight|nine|ten)( people| persons| of us| guests)?\b
