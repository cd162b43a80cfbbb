CYPHER replan=skip
MATCH (e:Entity {tenant: $tenant, user_id: $user_id})
WHERE e.embedding IS NOT NULL AND coalesce(e.status, 'active') <> 'archived' AND NOT coalesce(e.is_self, false)
  AND ($scopes IS NULL OR coalesce(e.is_self, false)
      OR EXISTS { (e)<-[:MENTIONS]-(sv:Event) WHERE coalesce(sv.scope, 'user') IN $scopes }
      OR EXISTS { (e)-[:HAS_CARD]->(:Card)-[:HAS_FACT]->(sf:Fact) WHERE coalesce(sf.scope, 'user') IN $scopes }
      OR EXISTS { (e)-[sr:RELATED]-(:Entity) WHERE coalesce(sr.scope, 'user') IN $scopes })
WITH e, vector.similarity.cosine(e.embedding, $vector) AS score
ORDER BY score DESC, e.id LIMIT $k
RETURN e.id AS id, e.name AS name, 2 * score - 1 AS sim
