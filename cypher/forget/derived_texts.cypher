// Text that states a fact about to be forgotten: the events it was derived from (with the turn's other
// statement events) and the sibling facts derived from them, other than what the forget removes anyway.
UNWIND $facts AS id
MATCH (f:Fact {id: id, tenant: $tenant, user_id: $user_id})-[:DERIVED_FROM]->(src:Event {tenant: $tenant, user_id: $user_id})
OPTIONAL MATCH (src)-[:DERIVED_FROM]->(turn:Event {tenant: $tenant, user_id: $user_id})
WITH f, coalesce(turn, src) AS turn
OPTIONAL MATCH (e:Entity {id: f.entity_id, tenant: $tenant, user_id: $user_id})
CALL (turn) {
  RETURN turn AS n
  UNION
  MATCH (n:Event {tenant: $tenant, user_id: $user_id})-[:DERIVED_FROM]->(turn)
  RETURN n
  UNION
  MATCH (n:Fact {tenant: $tenant, user_id: $user_id})-[:DERIVED_FROM]->(turn)
  RETURN n
  UNION
  MATCH (n:Fact {tenant: $tenant, user_id: $user_id})-[:DERIVED_FROM]->(:Event)-[:DERIVED_FROM]->(turn)
  RETURN n
}
WITH f, e, n WHERE NOT n.id IN $ids
RETURN f.id AS fact_id, EXISTS { (f)-[:DERIVED_FROM]->(n) } AS source, f.value AS value, f.text AS clause, e.name AS entity, coalesce(e.is_self, false) AS is_self,
       coalesce(e.aliases, []) AS aliases, n.id AS id, CASE WHEN n:Fact THEN 'fact' ELSE 'event' END AS label,
       n.text AS text, n.speaker AS speaker
