# the city right after a job phrase ("data analyst at Zalando in Berlin", "nurse in Leeds"), not a month. Read by rules.work_city
\s+in\s+((?!(?:January|February|March|April|May|June|July|August|September|October|November|December)\b)[A-Z][\w'.-]*(?:\s+[A-Z][\w'.-]*){0,2})
