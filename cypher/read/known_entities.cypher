CYPHER replan=skip
MATCH (e:Entity {tenant: $tenant, user_id: $user_id})
RETURN e.id AS id, e.name AS name, e.type AS type, coalesce(e.aliases, []) AS aliases, e.embedding AS embedding,
       coalesce(e.is_self, false) AS is_self, e.mention_count AS mention_count, e.status AS status
ORDER BY e.first_seen, e.id
