CYPHER replan=skip
MATCH (s:Entity {id: $entity_id, tenant: $tenant, user_id: $user_id}) USING INDEX s:Entity(id)
MATCH p = (s)-[:RELATED*1..2]-(o:Entity {tenant: $tenant, user_id: $user_id})
WHERE o <> s AND length(p) <= $hops
  AND all(x IN nodes(p)[1..-1] WHERE NOT coalesce(x.is_self, false))
  AND ($include_outdated OR all(r IN relationships(p) WHERE coalesce(r.status, 'active') = 'active'))
  AND all(r IN relationships(p) WHERE ($scopes IS NULL OR coalesce(r.scope, 'user') IN $scopes))
WITH o, min(length(p)) AS hops, collect(p)[0] AS p
RETURN o.id AS id, o.name AS name, coalesce(o.type, '') AS type, coalesce(o.is_self, false) AS is_self, hops,
       [r IN relationships(p) | {type: r.type, from: startNode(r).name, to: endNode(r).name,
        status: coalesce(r.status, 'active'), text: r.text}] AS path
ORDER BY hops, o.mention_count DESC, name
LIMIT $limit
