MATCH (u:User {tenant: $tenant, user_id: $user_id})-[:OWNS]->(b:Entity {id: $b, tenant: $tenant, user_id: $user_id})-[r:RELATED]->(x:Entity {tenant: $tenant, user_id: $user_id})
MATCH (u)-[:OWNS]->(a:Entity {id: $a, tenant: $tenant, user_id: $user_id})
WHERE x <> a
CREATE (a)-[moved:RELATED]->(x)
SET moved = properties(r)
DELETE r
