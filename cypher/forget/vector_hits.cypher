UNWIND $probes AS probe
CALL db.index.vector.queryNodes(probe.index, 10, probe.embedding) YIELD node
WITH node WHERE node.id IN $ids
RETURN count(node) AS hits
