// The turns a forget keeps (they are about other things too) and their statement events: their texts still name
// what is forgotten.
UNWIND $turns AS id
MATCH (t:Event {id: id, tenant: $tenant, user_id: $user_id})
CALL (t) {
  RETURN t AS n
  UNION
  MATCH (n:Event {tenant: $tenant, user_id: $user_id})-[:DERIVED_FROM]->(t)
  RETURN n
}
RETURN n.id AS id, n.text AS text, n.speaker AS speaker
