# a kinship word the lexicon has no role for (婆婆, 小姨). Read by graphmem.linking.statements' Chinese clause rules
[妈爸婆公爷奶姥姨舅叔姑伯哥姐弟妹嫂]$
