# characters and words that carry nothing beside ambient talk (今天好热啊): not counted as
# content (rules.ambient_units, content_units)
今天|今晚|早上|晚上|上午|下午|现在|终于|赶紧|这|那|都|快|也|又|还|就|真|好|太|啊|呀|吧|呢|哦|啦|了|的|得|嘛|哇|准备
