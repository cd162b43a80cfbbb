CYPHER replan=skip
// An owner index is used only with a predicate on each of its properties: `status IS NOT NULL` (every fact has one)
// and `occurred_at IS NOT NULL` (every event has one) let Fact(tenant, user_id, status) and Event(tenant, user_id,
// occurred_at) find the user's own nodes; without them Neo4j scans every Fact and Event of every user
// (tests/integration/recall/test_recall_plans.py).
MATCH (v:Event {tenant: $tenant, user_id: $user_id})
WHERE v.occurred_at IS NOT NULL AND v.status IN $statuses AND v.embedding IS NOT NULL
  AND ($session_id IS NULL OR coalesce(v.session_id, '') <> $session_id) AND ($scopes IS NULL OR coalesce(v.scope, 'user') IN $scopes)
WITH v, vector.similarity.cosine(v.embedding, $vector) AS score
ORDER BY score DESC, v.id LIMIT $k
RETURN 'event' AS label, v.id AS id, v.kind AS kind, v.key AS key, null AS value, null AS polarity,
       v.text AS text, v.referents AS referents,
       CASE WHEN v.status = 'active' AND COUNT { (:Fact {status: 'outdated'})-[:DERIVED_FROM]->(v) } > 0
                 AND COUNT { (:Fact {status: 'active'})-[:DERIVED_FROM]->(v) } = 0 THEN 'stale' ELSE v.status END AS status,
       null AS entity_id, null AS entity, false AS is_self,
       v.occurred_at.epochMillis AS t_from, null AS t_to, v.recorded_at.epochMillis AS recorded_at, v.occurred_at.epochMillis AS last_seen,
       1 AS mention_count, v.importance AS importance, v.quality AS quality, v.language AS language,
       v.session_id AS session_id, null AS superseded_by, v.id AS source_id, 2 * score - 1 AS sim, 2 * score - 1 AS path_score, v.speaker AS speaker, v.role AS role
