MATCH (u:User {tenant: $tenant, user_id: $user_id})-[:OWNS]->(b:Entity {id: $b, tenant: $tenant, user_id: $user_id})-[:HAS_CARD]->(:Card)-[r:HAS_FACT]->(f:Fact)
MATCH (u)-[:OWNS]->(a:Entity {id: $a, tenant: $tenant, user_id: $user_id})-[:HAS_CARD]->(ca:Card)
MERGE (ca)-[:HAS_FACT]->(f)
SET f.entity_id = a.id
DELETE r
