# what the user teaches: "我在小学教语文" (where, what). Read by rules.occupation
我(?:现在)?(?:在([\u4e00-\u9fff]{2,8}?))?教(?![他她它你我孩书])([\u4e00-\u9fff]{1,4}?)(?:[，。,；！]|$|课|的)
