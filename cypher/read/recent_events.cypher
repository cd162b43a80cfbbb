MATCH (v:Event {tenant: $tenant, user_id: $user_id})
WHERE v.occurred_at IS NOT NULL AND v.embedding IS NOT NULL
WITH v ORDER BY v.occurred_at DESC LIMIT $limit
OPTIONAL MATCH (v)-[:MENTIONS]->(e:Entity)
RETURN v.id AS id, v.embedding AS embedding, collect(e.id) AS entity_ids
