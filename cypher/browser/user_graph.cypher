MATCH (u:User)
WHERE elementId(u) = $user_node
WITH u, u.tenant AS tenant, u.user_id AS user_id
CALL (u, tenant, user_id) {
  RETURN u AS n
  UNION
  MATCH (u)-[:HAS_PROFILE|HAD_SESSION]->(n)
  RETURN n
  UNION
  MATCH (n:Entity {tenant: tenant, user_id: user_id})
  RETURN n
  UNION
  MATCH (:Entity {tenant: tenant, user_id: user_id})-[:HAS_CARD]->(n:Card)
  RETURN n
  UNION
  MATCH (n:Fact {tenant: tenant, user_id: user_id}) WHERE n.status IS NOT NULL
  RETURN n
  UNION
  MATCH (n:Event {tenant: tenant, user_id: user_id}) WHERE n.occurred_at IS NOT NULL
  RETURN n
}
WITH tenant, user_id, collect(n) AS nodes
CALL (nodes, tenant, user_id) {
  UNWIND nodes AS a
  MATCH (a)-[r]->(b)
  WHERE b.tenant = tenant AND b.user_id = user_id
  RETURN collect(r) AS relationships
}
RETURN nodes, relationships
