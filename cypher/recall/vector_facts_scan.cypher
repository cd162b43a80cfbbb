CYPHER replan=skip
MATCH (f:Fact {tenant: $tenant, user_id: $user_id})
WHERE f.status IN $statuses AND f.embedding IS NOT NULL
  AND ($session_id IS NULL OR coalesce(f.session_id, '') <> $session_id) AND ($scopes IS NULL OR coalesce(f.scope, 'user') IN $scopes)
WITH f, vector.similarity.cosine(f.embedding, $vector) AS score
ORDER BY score DESC, f.id LIMIT $k
OPTIONAL MATCH (e:Entity {id: f.entity_id, tenant: $tenant, user_id: $user_id}) USING INDEX e:Entity(id)
RETURN 'fact' AS label, f.id AS id, f.kind AS kind, f.key AS key, f.value AS value, f.polarity AS polarity,
       f.text AS text, f.status AS status, f.entity_id AS entity_id, e.name AS entity, coalesce(e.is_self, false) AS is_self,
       f.valid_from.epochMillis AS t_from, f.valid_to.epochMillis AS t_to, f.recorded_at.epochMillis AS recorded_at, f.last_seen.epochMillis AS last_seen,
       f.mention_count AS mention_count, f.importance AS importance, f.quality AS quality, f.language AS language,
       f.session_id AS session_id, f.superseded_by AS superseded_by, f.event_id AS source_id, 2 * score - 1 AS sim, 2 * score - 1 AS path_score
