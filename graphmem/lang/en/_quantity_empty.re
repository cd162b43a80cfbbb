# a number that says nothing about the speaker ("7pm", "20 degrees", "3rd")
(?i)^\d{1,2}(?:[:.]\d{2})?\s?(?:am|pm|degrees?|°|st|nd|rd|th)?$
