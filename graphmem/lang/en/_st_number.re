# a number said with digits, its currency sign and a size word after it ('$2,500', '8k', '3 million', '2万';
# group 1 the digits, group 2 the size word: statements._en_number_after)
(?<![\w.])[$¥€£]?\s?(\d{1,3}(?:,\d{3})+|\d+(?:\.\d+)?)\s?([kKwW万千]|m\b|million\b|thousand\b)?
