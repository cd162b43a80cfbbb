// Extraction bench: every event of a tenant with its source turn and the names of the entities it mentions.
MATCH (v:Event {tenant: $tenant})
OPTIONAL MATCH (v)-[:DERIVED_FROM]->(src:Event {tenant: $tenant})
OPTIONAL MATCH (v)-[:MENTIONS]->(e:Entity {tenant: $tenant})
RETURN v.user_id AS user_id, v.id AS id, v.kind AS kind, v.key AS key, v.text AS text, v.role AS role,
       v.speaker AS speaker, v.status AS status, coalesce(src.turn_id, v.turn_id) AS turn_id,
       src IS NOT NULL AS derived, [x IN collect(DISTINCT e) | x.name] AS mentions,
       reduce(acc = [], x IN collect(DISTINCT e) | acc + coalesce(x.aliases, [])) AS mention_aliases
ORDER BY user_id, id
