CYPHER replan=skip
UNWIND $entities AS seed
MATCH (e:Entity {id: seed.id, tenant: $tenant, user_id: $user_id})<-[:MENTIONS]-(v:Event {tenant: $tenant, user_id: $user_id}) USING INDEX e:Entity(id)
WHERE v.status IN $statuses AND ($session_id IS NULL OR coalesce(v.session_id, '') <> $session_id)
  AND ($scopes IS NULL OR coalesce(v.scope, 'user') IN $scopes)
WITH v, seed, CASE WHEN $vector IS NULL OR v.embedding IS NULL THEN null
                   ELSE vector.similarity.cosine(v.embedding, $vector) END AS score
// the events most like the question first (then the latest): a much-mentioned entity has many
WITH v, seed, score ORDER BY coalesce(score, -1.0) DESC, v.occurred_at DESC, v.id
WITH seed, collect([v, score])[..$per_entity] AS events
UNWIND events AS pair
WITH seed, pair[0] AS v, pair[1] AS score
RETURN 'event' AS label, v.id AS id, v.kind AS kind, v.key AS key, null AS value, null AS polarity,
       v.text AS text, v.referents AS referents,
       CASE WHEN v.status = 'active' AND COUNT { (:Fact {status: 'outdated'})-[:DERIVED_FROM]->(v) } > 0
                 AND COUNT { (:Fact {status: 'active'})-[:DERIVED_FROM]->(v) } = 0 THEN 'stale' ELSE v.status END AS status,
       null AS entity_id, null AS entity, false AS is_self,
       v.occurred_at.epochMillis AS t_from, null AS t_to, v.recorded_at.epochMillis AS recorded_at, v.occurred_at.epochMillis AS last_seen,
       1 AS mention_count, v.importance AS importance, v.quality AS quality, v.language AS language,
       v.session_id AS session_id, null AS superseded_by, v.id AS source_id,
       CASE WHEN score IS NULL THEN null ELSE 2 * score - 1 END AS sim, seed.weight AS path_score, seed.id AS seed, v.speaker AS speaker, v.role AS role
