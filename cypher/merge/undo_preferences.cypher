MATCH (u:User {tenant: $tenant, user_id: $user_id})-[:OWNS]->(a:Entity {id: $a, tenant: $tenant, user_id: $user_id})
MATCH (u)-[:OWNS]->(b:Entity {id: $b, tenant: $tenant, user_id: $user_id})
MATCH (u)-[r:PREFERS|DISLIKES|WANTS]->(a)
WHERE r.fact_id IN $fact_ids
CREATE (u)-[moved:$(type(r))]->(b)
SET moved = properties(r)
DELETE r
