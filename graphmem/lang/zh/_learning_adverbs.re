# adverbs before 在学 (最近, 一直): left out of who is learning. rules.learning
(?:最近|现在|也|还|一直|平时)+$
