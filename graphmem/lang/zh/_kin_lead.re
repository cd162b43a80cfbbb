# the user's possessive before a kinship word (我妹妹, 我的妹妹, 我家老公: rules.kin_mentions)
我(?:的|家)?
