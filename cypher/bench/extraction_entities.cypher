// Extraction bench: every entity of a tenant (the user's own self entity included, flagged).
MATCH (e:Entity {tenant: $tenant})
RETURN e.user_id AS user_id, e.id AS id, e.name AS name, e.type AS type, coalesce(e.aliases, []) AS aliases,
       coalesce(e.is_self, false) AS is_self, e.status AS status
ORDER BY user_id, id
