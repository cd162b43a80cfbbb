// an agent's view ($scopes): only an entity its memory reaches (mentioned, or holding a fact or relation, in its
// scopes), with the mentions it may read
MATCH (e:Entity {id: $entity_id, tenant: $tenant, user_id: $user_id})
WHERE ($scopes IS NULL OR coalesce(e.is_self, false)
    OR EXISTS { (e)<-[:MENTIONS]-(sv:Event) WHERE coalesce(sv.scope, 'user') IN $scopes }
    OR EXISTS { (e)-[:HAS_CARD]->(:Card)-[:HAS_FACT]->(sf:Fact) WHERE coalesce(sf.scope, 'user') IN $scopes }
    OR EXISTS { (e)-[sr:RELATED]-(:Entity) WHERE coalesce(sr.scope, 'user') IN $scopes })
OPTIONAL MATCH (e)-[:HAS_CARD]->(c:Card)
OPTIONAL MATCH (e)-[r:RELATED]-(o:Entity {tenant: $tenant, user_id: $user_id})
  WHERE ($scopes IS NULL OR coalesce(r.scope, 'user') IN $scopes)
WITH e, c, collect(CASE WHEN r IS NULL THEN null ELSE
     {type: r.type, direction: CASE WHEN startNode(r) = e THEN 'out' ELSE 'in' END, other: o.name, other_id: o.id,
      status: r.status, mention_count: r.mention_count} END) AS relations
RETURN e.id AS id, e.name AS name, e.type AS type, coalesce(e.aliases, []) AS aliases,
       CASE WHEN $scopes IS NULL THEN e.mention_count
            ELSE COUNT { (e)<-[:MENTIONS]-(mv:Event) WHERE coalesce(mv.scope, 'user') IN $scopes } END AS mention_count, coalesce(c.summary, '') AS summary, relations
