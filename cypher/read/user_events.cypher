MATCH (v:Event {tenant: $tenant, user_id: $user_id}) WHERE v.occurred_at IS NOT NULL
OPTIONAL MATCH (v)-[:DERIVED_FROM]->(src:Event)
RETURN v.id AS id, v.kind AS kind, v.text AS text, v.occurred_at AS occurred_at, v.happened_at AS happened_at,
       v.session_id AS session_id, v.turn_id AS turn_id, v.status AS status, src.id AS source_id,
       v.role AS role, v.speaker AS speaker, v.caption AS caption
ORDER BY v.occurred_at, v.id
LIMIT $limit
