MATCH (u:User {tenant: $tenant, user_id: $user_id})-[r:PREFERS|DISLIKES|WANTS]->(b:Entity {id: $b})
MATCH (u)-[:OWNS]->(a:Entity {id: $a})
CREATE (u)-[moved:$(type(r))]->(a)
SET moved = properties(r)
DELETE r
