MATCH (n:Fact|Event {tenant: $tenant})
WHERE ($user_id IS NULL OR n.user_id = $user_id) AND n.status IN ['active', 'outdated']
WITH n, n:Fact AS is_fact
RETURN n.id AS id, n.user_id AS user_id, CASE WHEN is_fact THEN 'fact' ELSE 'event' END AS label, n.kind AS kind,
       n.status AS status, n.text AS text, n.importance AS importance, n.quality AS quality,
       coalesce(n.base_importance, n.importance) AS base_importance, coalesce(n.base_quality, n.quality) AS base_quality,
       coalesce(n.mention_count, 1) AS mention_count, coalesce(n.last_seen, n.occurred_at, n.recorded_at) AS last_seen,
       n.recorded_at AS recorded_at, n.last_recalled AS last_recalled, n.kept_at AS kept_at,
       CASE WHEN is_fact THEN n.key + ' = ' + toString(n.value) END AS states,
       COUNT { (n)-[:MENTIONS]->(:Entity) } AS mentions,
       EXISTS { (n)-[:DERIVED_FROM]->(t:Event) WHERE t.status <> 'archived' } AS in_turn,
       EXISTS { MATCH (f:Fact {status: 'active'})-[:DERIVED_FROM]->(n)
                WHERE NOT EXISTS { (f)-[:DERIVED_FROM]->(o:Event) WHERE o <> n AND o.status <> 'archived' } }
         AS sole_source
