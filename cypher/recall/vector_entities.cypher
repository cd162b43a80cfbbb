CYPHER replan=skip
CALL db.index.vector.queryNodes('entity_embedding', $fetch, $vector) YIELD node, score
WITH node AS e, score
WHERE e.tenant = $tenant AND e.user_id = $user_id AND coalesce(e.status, 'active') <> 'archived'
  AND NOT coalesce(e.is_self, false)
  AND ($scopes IS NULL OR coalesce(e.is_self, false)
      OR EXISTS { (e)<-[:MENTIONS]-(sv:Event) WHERE coalesce(sv.scope, 'user') IN $scopes }
      OR EXISTS { (e)-[:HAS_CARD]->(:Card)-[:HAS_FACT]->(sf:Fact) WHERE coalesce(sf.scope, 'user') IN $scopes }
      OR EXISTS { (e)-[sr:RELATED]-(:Entity) WHERE coalesce(sr.scope, 'user') IN $scopes })
WITH e, score ORDER BY score DESC, e.id LIMIT $k
RETURN e.id AS id, e.name AS name, 2 * score - 1 AS sim
