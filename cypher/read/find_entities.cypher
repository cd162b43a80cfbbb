MATCH (e:Entity {tenant: $tenant, user_id: $user_id})
WHERE toLower(e.name) = toLower($name) OR any(a IN e.aliases WHERE toLower(a) = toLower($name))
RETURN e.id AS id, e.name AS name, e.type AS type, e.aliases AS aliases, e.mention_count AS mention_count
ORDER BY e.mention_count DESC
