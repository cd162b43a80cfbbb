MATCH (u:User {tenant: $tenant, user_id: $user_id})-[r:PREFERS|DISLIKES|WANTS]->(b:Entity {id: $b, tenant: $tenant, user_id: $user_id})
MATCH (u)-[:OWNS]->(a:Entity {id: $a, tenant: $tenant, user_id: $user_id})
CREATE (u)-[moved:$(type(r))]->(a)
SET moved = properties(r)
DELETE r
