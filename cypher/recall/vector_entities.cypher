CALL db.index.vector.queryNodes('entity_embedding', $fetch, $vector) YIELD node, score
WITH node AS e, score
WHERE e.tenant = $tenant AND e.user_id = $user_id AND coalesce(e.status, 'active') <> 'archived'
  AND NOT coalesce(e.is_self, false)
WITH e, score ORDER BY score DESC LIMIT $k
RETURN e.id AS id, e.name AS name, 2 * score - 1 AS sim
