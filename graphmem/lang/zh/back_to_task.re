# the user returns to the task ("back to", 言归正传)
(?i)回到|继续|说回|言归正传|接着说
