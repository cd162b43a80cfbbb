# the speaker's own name (我叫, 我的名字叫). rules.named_ages
我(?:的)?(?:名字)?叫
