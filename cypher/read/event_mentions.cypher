MATCH (v:Event {id: $event_id, tenant: $tenant, user_id: $user_id})-[:MENTIONS]->(e:Entity)
RETURN e.id AS id, e.name AS name, e.type AS type
ORDER BY name
