# a demonstrative or possessive before a thing (那个笔记本, 我那台), group 2 the words after. rules.others_facts
(那个|这个|那台|这台|那部|这部|那双|这双|那件|这件|那辆|这辆|我的|我那个|我这个|我那台|我这台)([\u4e00-\u9fff]{1,6})
