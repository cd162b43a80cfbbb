MATCH (:User {tenant: $tenant, user_id: $user_id})-[:OWNS]->(e:Entity)
WHERE $type IS NULL OR e.type = $type
OPTIONAL MATCH (e)-[:HAS_CARD]->(c:Card)
RETURN e.id AS id, e.name AS name, e.type AS type, e.aliases AS aliases, e.mention_count AS mentions,
       e.last_seen AS last_seen, coalesce(c.summary, '') AS card
ORDER BY e.last_seen DESC, e.name
LIMIT $limit
