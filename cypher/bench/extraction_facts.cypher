// Extraction bench: every fact of a tenant with its entity and the turns it was stated in (its own and repeats).
MATCH (f:Fact {tenant: $tenant})
MATCH (e:Entity {id: f.entity_id, tenant: $tenant, user_id: f.user_id})
OPTIONAL MATCH (f)-[:DERIVED_FROM]->(v:Event {tenant: $tenant})
RETURN f.user_id AS user_id, f.id AS id, f.kind AS kind, f.key AS key, f.value AS value, f.polarity AS polarity,
       f.status AS status, f.turn_id AS turn_id, f.speaker AS speaker, e.name AS entity, e.is_self AS is_self,
       coalesce(e.aliases, []) AS aliases, collect(DISTINCT v.turn_id) AS turns
ORDER BY user_id, id
