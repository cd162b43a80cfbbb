MATCH (:User {tenant: $tenant, user_id: $user_id})-[:OWNS]->(a:Entity {id: $a, tenant: $tenant, user_id: $user_id})
MATCH (a)-[:HAS_CARD]->(:Card)-[r:HAS_FACT]->(f:Fact {tenant: $tenant, user_id: $user_id})
WHERE f.id IN $facts
MATCH (:Entity {id: $b, tenant: $tenant, user_id: $user_id})-[:HAS_CARD]->(cb:Card)
DELETE r
MERGE (cb)-[:HAS_FACT]->(f)
SET f.entity_id = $b
