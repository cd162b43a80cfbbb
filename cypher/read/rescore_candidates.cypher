MATCH (n:Fact|Event {tenant: $tenant})
WHERE ($user_id IS NULL OR n.user_id = $user_id) AND n.status IN ['active', 'outdated']
RETURN n.id AS id, n.user_id AS user_id, CASE WHEN n:Fact THEN 'fact' ELSE 'event' END AS label, n.kind AS kind,
       n.status AS status, n.text AS text, n.importance AS importance, n.quality AS quality,
       coalesce(n.base_importance, n.importance) AS base_importance, coalesce(n.base_quality, n.quality) AS base_quality,
       coalesce(n.mention_count, 1) AS mention_count, coalesce(n.last_seen, n.occurred_at, n.recorded_at) AS last_seen,
       n.recorded_at AS recorded_at
