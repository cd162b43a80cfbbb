CYPHER replan=skip
MATCH (f:Fact {tenant: $tenant, user_id: $user_id, entity_id: $self_id})
WHERE f.key IN $keys AND f.status IN $statuses
  AND ($session_id IS NULL OR coalesce(f.session_id, '') <> $session_id) AND ($scopes IS NULL OR coalesce(f.scope, 'user') IN $scopes)
WITH f ORDER BY f.last_seen DESC, f.id LIMIT 4
RETURN 'fact' AS label, f.id AS id, f.kind AS kind, f.key AS key, f.value AS value, f.polarity AS polarity,
       f.text AS text, f.status AS status, f.entity_id AS entity_id, null AS entity, true AS is_self,
       f.valid_from.epochMillis AS t_from, f.valid_to.epochMillis AS t_to, f.recorded_at.epochMillis AS recorded_at, f.last_seen.epochMillis AS last_seen,
       f.mention_count AS mention_count, f.importance AS importance, f.quality AS quality, f.language AS language,
       f.session_id AS session_id, f.superseded_by AS superseded_by, f.event_id AS source_id, null AS sim,
       1.0 AS path_score
