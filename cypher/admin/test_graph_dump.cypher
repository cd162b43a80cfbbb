// Tests only: every event of a tenant with the names of the entities it mentions (determinism checks).
MATCH (v:Event {tenant: $tenant})
OPTIONAL MATCH (v)-[:MENTIONS]->(e:Entity {tenant: $tenant})
RETURN v.user_id AS user_id, v.text AS text, collect(e.name) AS mentions
