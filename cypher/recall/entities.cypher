MATCH (e:Entity {tenant: $tenant, user_id: $user_id})
WHERE coalesce(e.status, 'active') <> 'archived'
RETURN e.id AS id, e.name AS name, coalesce(e.type, '') AS type, coalesce(e.aliases, []) AS aliases,
       coalesce(e.is_self, false) AS is_self, coalesce(e.mention_count, 0) AS mention_count, e.last_seen.epochMillis AS last_seen
