# the user returns to the task ("back to", 言归正传)
(?i)\b(back to|return to|anyway|let's continue|continue with|where were we)\b
