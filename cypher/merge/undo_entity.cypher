MATCH (u:User {tenant: $tenant, user_id: $user_id})-[:OWNS]->(a:Entity {id: $a, tenant: $tenant, user_id: $user_id})
WHERE NOT EXISTS { MATCH (:Entity {id: $b, tenant: $tenant, user_id: $user_id}) }
CREATE (b:Entity)
SET b = $b_props
CREATE (u)-[:OWNS]->(b)
CREATE (c:Card)
SET c = $card_props
CREATE (b)-[:HAS_CARD]->(c)
WITH a, b, [b.name] + coalesce(b.aliases, []) AS incoming
SET a.aliases = [x IN coalesce(a.aliases, []) WHERE x IN coalesce($a_props.aliases, []) OR NOT x IN incoming],
    a.mention_count = coalesce(a.mention_count, 0) - coalesce(b.mention_count, 0),
    a.first_seen = $a_props.first_seen, a.last_seen = $a_props.last_seen,
    a.merge_log = [x IN coalesce(a.merge_log, []) WHERE x <> $record]
SET a.mention_count = CASE WHEN a.mention_count < 0 THEN 0 ELSE a.mention_count END,
    a.search_names = reduce(s = a.name, x IN a.aliases | s + ' ' + x)
RETURN b.id AS id, b.name AS name
