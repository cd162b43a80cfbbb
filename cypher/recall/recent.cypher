CYPHER replan=skip
CALL () {
  MATCH (v:Event {tenant: $tenant, user_id: $user_id})
  WHERE v.occurred_at IS NOT NULL AND v.status IN $statuses
    AND ($since IS NULL OR v.occurred_at >= $since) AND ($until IS NULL OR v.occurred_at < $until)
    AND ($session_id IS NULL OR coalesce(v.session_id, '') <> $session_id) AND ($scopes IS NULL OR coalesce(v.scope, 'user') IN $scopes)
  WITH v ORDER BY v.occurred_at DESC, v.id LIMIT $k_events
  RETURN 'event' AS label, v.id AS id, v.kind AS kind, v.key AS key, null AS value, null AS polarity,
         v.text AS text, v.referents AS referents,
         CASE WHEN v.status = 'active' AND COUNT { (:Fact {status: 'outdated'})-[:DERIVED_FROM]->(v) } > 0
                   AND COUNT { (:Fact {status: 'active'})-[:DERIVED_FROM]->(v) } = 0 THEN 'stale' ELSE v.status END AS status,
         null AS entity_id, null AS entity, false AS is_self,
         v.occurred_at.epochMillis AS t_from, null AS t_to, v.recorded_at.epochMillis AS recorded_at, v.occurred_at.epochMillis AS last_seen,
         1 AS mention_count, v.importance AS importance, v.quality AS quality, v.language AS language,
         v.session_id AS session_id, null AS superseded_by, v.id AS source_id, CASE WHEN $vector IS NULL OR v.embedding IS NULL THEN null
              ELSE 2 * vector.similarity.cosine(v.embedding, $vector) - 1 END AS sim, 1.0 AS path_score, v.speaker AS speaker, v.role AS role
  UNION ALL
  MATCH (f:Fact {tenant: $tenant, user_id: $user_id})
  WHERE f.status IN $statuses AND ($session_id IS NULL OR coalesce(f.session_id, '') <> $session_id)
    AND ($scopes IS NULL OR coalesce(f.scope, 'user') IN $scopes)
  WITH f ORDER BY f.last_seen DESC, f.id LIMIT $k_facts
  OPTIONAL MATCH (e:Entity {id: f.entity_id, tenant: $tenant, user_id: $user_id}) USING INDEX e:Entity(id)
  RETURN 'fact' AS label, f.id AS id, f.kind AS kind, f.key AS key, f.value AS value, f.polarity AS polarity,
         f.text AS text, null AS referents, f.status AS status, f.entity_id AS entity_id, e.name AS entity, coalesce(e.is_self, false) AS is_self,
         f.valid_from.epochMillis AS t_from, f.valid_to.epochMillis AS t_to, f.recorded_at.epochMillis AS recorded_at, f.last_seen.epochMillis AS last_seen,
         f.mention_count AS mention_count, f.importance AS importance, f.quality AS quality, f.language AS language,
         f.session_id AS session_id, f.superseded_by AS superseded_by, f.event_id AS source_id, CASE WHEN $vector IS NULL OR f.embedding IS NULL THEN null
              ELSE 2 * vector.similarity.cosine(f.embedding, $vector) - 1 END AS sim, 1.0 AS path_score, f.speaker AS speaker, null AS role
}
RETURN *
