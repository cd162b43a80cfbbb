CALL () {
  UNWIND $facts AS row
  MATCH (f:Fact {id: row.id})
  WHERE f.tenant = $tenant AND f.user_id = $user_id AND f.status IN $statuses AND ($scopes IS NULL OR coalesce(f.scope, 'user') IN $scopes)
    AND ($session_id IS NULL OR coalesce(f.session_id, '') <> $session_id)
  WITH f, row
  OPTIONAL MATCH (e:Entity {id: f.entity_id, tenant: $tenant, user_id: $user_id})
  RETURN 'fact' AS label, f.id AS id, f.kind AS kind, f.key AS key, f.value AS value, f.polarity AS polarity,
         f.text AS text, null AS referents, f.status AS status, f.entity_id AS entity_id, e.name AS entity, coalesce(e.is_self, false) AS is_self,
         f.valid_from.epochMillis AS t_from, f.valid_to.epochMillis AS t_to, f.recorded_at.epochMillis AS recorded_at, f.last_seen.epochMillis AS last_seen,
         f.mention_count AS mention_count, f.importance AS importance, f.quality AS quality, f.language AS language,
         f.session_id AS session_id, f.superseded_by AS superseded_by, f.event_id AS source_id, row.sim AS sim, row.score AS path_score, row.path AS path, f.speaker AS speaker, null AS role
  UNION ALL
  UNWIND $events AS row
  MATCH (v:Event {id: row.id})
  WHERE v.tenant = $tenant AND v.user_id = $user_id AND v.status IN $statuses AND ($scopes IS NULL OR coalesce(v.scope, 'user') IN $scopes)
    AND ($session_id IS NULL OR coalesce(v.session_id, '') <> $session_id)
  WITH v, row
  RETURN 'event' AS label, v.id AS id, v.kind AS kind, v.key AS key, null AS value, null AS polarity,
         v.text AS text, v.referents AS referents,
         CASE WHEN v.status = 'active' AND COUNT { (:Fact {status: 'outdated'})-[:DERIVED_FROM]->(v) } > 0
                   AND COUNT { (:Fact {status: 'active'})-[:DERIVED_FROM]->(v) } = 0 THEN 'stale' ELSE v.status END AS status,
         null AS entity_id, null AS entity, false AS is_self,
         v.occurred_at.epochMillis AS t_from, null AS t_to, v.recorded_at.epochMillis AS recorded_at, v.occurred_at.epochMillis AS last_seen,
         1 AS mention_count, v.importance AS importance, v.quality AS quality, v.language AS language,
         v.session_id AS session_id, null AS superseded_by, v.id AS source_id, row.sim AS sim, row.score AS path_score, row.path AS path, v.speaker AS speaker, v.role AS role
}
RETURN *
