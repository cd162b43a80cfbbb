MATCH (u:User {tenant: $tenant, user_id: $user_id})-[:OWNS]->(b:Entity {id: $b, tenant: $tenant, user_id: $user_id})
MATCH (u)-[:OWNS]->(a:Entity {id: $a, tenant: $tenant, user_id: $user_id})
OPTIONAL MATCH (b)-[:HAS_CARD]->(cb:Card)
WITH a, b, collect(cb) AS cards, [b.name] + coalesce(b.aliases, []) AS incoming
SET a.aliases = reduce(acc = coalesce(a.aliases, []), n IN incoming |
                       CASE WHEN n IN acc OR n = a.name THEN acc ELSE acc + n END),
    a.mention_count = coalesce(a.mention_count, 0) + coalesce(b.mention_count, 0),
    a.first_seen = CASE WHEN b.first_seen < a.first_seen THEN b.first_seen ELSE a.first_seen END,
    a.last_seen = CASE WHEN b.last_seen > a.last_seen THEN b.last_seen ELSE a.last_seen END
SET a.search_names = reduce(s = a.name, x IN a.aliases | s + ' ' + x)
FOREACH (c IN cards | DETACH DELETE c)
DETACH DELETE b
RETURN a.id AS id, a.name AS name, a.aliases AS aliases
