# a change verb before the new value (改成, 提高到). Read by graphmem.linking.statements' Chinese clause rules (zh rules.clause_statements)
(改成|改为|换成|提高到|降到|涨到|调到|调整为|增加到|减到|变成|到)
