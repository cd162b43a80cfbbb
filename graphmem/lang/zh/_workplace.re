# where the speaker works (在阿里上班): group 1
(?:我)?(?:现在)?在([\u4e00-\u9fffA-Za-z]{2,8}?)(?:上班|工作|实习)
