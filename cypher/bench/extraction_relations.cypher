// Extraction bench: every RELATED edge of a tenant with both ends and the turn it came from.
MATCH (a:Entity {tenant: $tenant})-[r:RELATED]->(b:Entity {tenant: $tenant})
OPTIONAL MATCH (v:Event {id: r.event_id, tenant: $tenant})
RETURN a.user_id AS user_id, r.type AS type, r.status AS status, a.name AS from_name,
       coalesce(a.is_self, false) AS from_self, coalesce(a.aliases, []) AS from_aliases, b.name AS to_name,
       coalesce(b.aliases, []) AS to_aliases, coalesce(b.is_self, false) AS to_self, v.turn_id AS turn_id
ORDER BY user_id, from_name, type, to_name
