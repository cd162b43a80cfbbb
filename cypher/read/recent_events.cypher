CYPHER replan=skip
MATCH (v:Event {tenant: $tenant, user_id: $user_id})
WHERE v.occurred_at IS NOT NULL AND NOT (v)-[:DERIVED_FROM]->(:Event)
WITH v ORDER BY v.occurred_at DESC LIMIT $limit
RETURN v.id AS id, v.text AS text, v.role AS role, v.speaker AS speaker
