MATCH (u:User {tenant: $tenant, user_id: $user_id})-[:OWNS]->(b:Entity {id: $b})<-[r:RELATED]-(x:Entity)
MATCH (u)-[:OWNS]->(a:Entity {id: $a})
WHERE x <> a
CREATE (x)-[moved:RELATED]->(a)
SET moved = properties(r)
DELETE r
