CYPHER replan=skip
UNWIND $entities AS seed
MATCH (e:Entity {id: seed.id, tenant: $tenant, user_id: $user_id})-[:HAS_CARD]->(:Card)-[:HAS_FACT]->(f:Fact) USING INDEX e:Entity(id)
WHERE f.status IN $statuses AND ($session_id IS NULL OR coalesce(f.session_id, '') <> $session_id)
  AND ($scopes IS NULL OR coalesce(f.scope, 'user') IN $scopes)
WITH e, f, seed ORDER BY f.last_seen DESC, f.id
WITH e, seed, collect(f)[..$per_entity] AS facts
UNWIND facts AS f
RETURN 'fact' AS label, f.id AS id, f.kind AS kind, f.key AS key, f.value AS value, f.polarity AS polarity,
       f.text AS text, f.status AS status, f.entity_id AS entity_id, e.name AS entity, coalesce(e.is_self, false) AS is_self,
       f.valid_from.epochMillis AS t_from, f.valid_to.epochMillis AS t_to, f.recorded_at.epochMillis AS recorded_at, f.last_seen.epochMillis AS last_seen,
       f.mention_count AS mention_count, f.importance AS importance, f.quality AS quality, f.language AS language,
       f.session_id AS session_id, f.superseded_by AS superseded_by, f.event_id AS source_id, CASE WHEN $vector IS NULL OR f.embedding IS NULL THEN null
            ELSE 2 * vector.similarity.cosine(f.embedding, $vector) - 1 END AS sim, seed.weight AS path_score
