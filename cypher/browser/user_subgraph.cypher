MATCH (u:User {tenant: $tenant, user_id: $user_id})
CALL (u) {
  RETURN u AS n
  UNION
  MATCH (u)-[:HAS_PROFILE|HAD_SESSION]->(n)
  RETURN n
  UNION
  MATCH (n:Entity {tenant: $tenant, user_id: $user_id})
  RETURN n
  UNION
  MATCH (:Entity {tenant: $tenant, user_id: $user_id})-[:HAS_CARD]->(n:Card)
  RETURN n
  UNION
  MATCH (n:Fact {tenant: $tenant, user_id: $user_id}) WHERE n.status IS NOT NULL
  RETURN n
  UNION
  MATCH (n:Event {tenant: $tenant, user_id: $user_id}) WHERE n.occurred_at IS NOT NULL
  RETURN n
}
WITH u, collect(n) AS nodes
CALL (nodes) {
  UNWIND nodes AS a
  MATCH (a)-[r]->(b)
  WHERE b.tenant = $tenant AND b.user_id = $user_id
  RETURN collect(r) AS relationships
}
RETURN nodes, relationships
