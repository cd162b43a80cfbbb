MATCH (u:User {tenant: $tenant, user_id: $user_id})-[:OWNS]->(b:Entity {id: $b, tenant: $tenant, user_id: $user_id})
MATCH (u)-[:OWNS]->(a:Entity {id: $a, tenant: $tenant, user_id: $user_id})
MATCH (v:Event {tenant: $tenant, user_id: $user_id})-[r:MENTIONS]->(b)
MERGE (v)-[:MENTIONS]->(a)
DELETE r
