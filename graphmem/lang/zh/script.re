# a character of the language's script: text with any of these is said in this pack's language
[\u4e00-\u9fff]
