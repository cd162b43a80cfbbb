MATCH (u:User {tenant: $tenant, user_id: $user_id})-[:OWNS]->(b:Entity {id: $b})
MATCH (u)-[:OWNS]->(a:Entity {id: $a})
MATCH (v:Event)-[r:MENTIONS]->(b)
MERGE (v)-[:MENTIONS]->(a)
DELETE r
