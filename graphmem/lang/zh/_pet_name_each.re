# one pet of several, by its name (一只叫咪咪，另只叫球球: group 1 the name)
[一另]只叫([\u4e00-\u9fff]{1,4}?)(?=[，,]|$)
