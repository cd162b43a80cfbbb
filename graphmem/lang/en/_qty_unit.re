# a number and its unit, group 1 a currency sign, group 2 the unit ("30 km", "$250"). rules.quantity_units
(?i)([$€£¥])\d|(?<![\w.])\d[\d,.]*\s?(k|km|kg|lbs?|miles?|mi|calories|kcal|%|hours?|minutes?|mins?|days?|weeks?|
times?|people|guests)?\b
