MATCH (a:Entity {id: $a, tenant: $tenant, user_id: $user_id})
MATCH (b:Entity {id: $b, tenant: $tenant, user_id: $user_id})
UNWIND $mentions AS m
MATCH (v:Event {id: m.event, tenant: $tenant, user_id: $user_id})
MERGE (v)-[:MENTIONS]->(b)
WITH a, v, m
WHERE NOT m.both
MATCH (v)-[r:MENTIONS]->(a)
DELETE r
