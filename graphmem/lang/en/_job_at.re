# where a job is done, at the end of the job phrase ("data analyst at Zalando", "pilot with Air India"). Read by rules.job_employer
\s+(?:at|for|with)\s+((?-i:[A-Z][\w&.'+-]*)(?:\s+(?:&|(?-i:[A-Z][\w&.'+-]*))){0,3})$
