# separators between the items of a list (爬山、拍照和游泳)
[、，,]|和|跟|及|与
