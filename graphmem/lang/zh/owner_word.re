# the speaker's possessive opening a referent's name ("他=我哥哥" -> "他：你哥哥")
^我
