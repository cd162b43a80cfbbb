UNWIND $probes AS probe
CALL db.index.vector.queryNodes(probe.index, 10, probe.embedding) YIELD node
WITH node WHERE node.id IN $ids AND node.tenant = $tenant AND node.user_id = $user_id
RETURN count(node) AS hits
