MATCH (e:Entity {id: $entity_id, tenant: $tenant, user_id: $user_id})
OPTIONAL MATCH (e)-[:HAS_CARD]->(c:Card)
OPTIONAL MATCH (e)-[r:RELATED]-(o:Entity {tenant: $tenant, user_id: $user_id})
  WHERE ($scopes IS NULL OR coalesce(r.scope, 'user') IN $scopes)
WITH e, c, collect(CASE WHEN r IS NULL THEN null ELSE
     {type: r.type, direction: CASE WHEN startNode(r) = e THEN 'out' ELSE 'in' END, other: o.name, other_id: o.id,
      status: r.status, mention_count: r.mention_count} END) AS relations
RETURN e.id AS id, e.name AS name, e.type AS type, coalesce(e.aliases, []) AS aliases,
       e.mention_count AS mention_count, coalesce(c.summary, '') AS summary, relations
