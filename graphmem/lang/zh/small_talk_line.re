# a sentence that is only a greeting, thanks or filler (谢谢, 好的): scored 0 by the summary
(?i)^\s*(你好|您好|嗨|谢谢|多谢|好的|好吧|嗯+|哈哈+|明白了?|知道了|收到|没问题|再见|早上好|晚安)\W*\s*$
