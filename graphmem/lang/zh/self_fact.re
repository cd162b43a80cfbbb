# a sentence about the speaker's own life (我老婆, 我在…工作, 我是, 过敏): the summary keeps it first
(?i)我(老婆|老公|太太|妻子|丈夫|女儿|儿子|孩子|妈妈|爸爸|父母|老板|公司|同事)|我在.{1,8}(工作|上班|读书)|我是|我住|过敏|素食
