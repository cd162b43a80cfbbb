CYPHER replan=skip
// An owner index is used only with a predicate on each of its properties: `status IS NOT NULL` (every fact has one)
// and `occurred_at IS NOT NULL` (every event has one) let Fact(tenant, user_id, status) and Event(tenant, user_id,
// occurred_at) find the user's own nodes; without them Neo4j scans every Fact and Event of every user
// (tests/integration/recall/test_recall_plans.py).
CALL () {
  MATCH (n:Fact {tenant: $tenant, user_id: $user_id}) WHERE n.status IN $statuses RETURN n
  UNION ALL
  MATCH (n:Event {tenant: $tenant, user_id: $user_id}) WHERE n.occurred_at IS NOT NULL AND n.status IN $statuses RETURN n
  UNION ALL
  MATCH (n:Entity {tenant: $tenant, user_id: $user_id}) WHERE NOT coalesce(n.is_self, false) RETURN n
}
WITH n, toLower(coalesce(n.text, '') + ' ' + coalesce(n.search_names, n.name, '')) AS hay
WHERE ($session_id IS NULL OR n.session_id IS NULL OR n.session_id <> $session_id) AND ($scopes IS NULL OR coalesce(n.scope, 'user') IN $scopes)
  AND (NOT n:Entity OR ($scopes IS NULL OR coalesce(n.is_self, false)
      OR EXISTS { (n)<-[:MENTIONS]-(sv:Event) WHERE coalesce(sv.scope, 'user') IN $scopes }
      OR EXISTS { (n)-[:HAS_CARD]->(:Card)-[:HAS_FACT]->(sf:Fact) WHERE coalesce(sf.scope, 'user') IN $scopes }
      OR EXISTS { (n)-[sr:RELATED]-(:Entity) WHERE coalesce(sr.scope, 'user') IN $scopes }))
WITH n, reduce(s = 0.0, t IN $terms | s + CASE WHEN hay CONTAINS t THEN toFloat(size(t)) ELSE 0.0 END) AS score
WHERE score > 0
WITH n, score ORDER BY score DESC, n.id LIMIT $k
OPTIONAL MATCH (e:Entity {id: n.entity_id, tenant: $tenant, user_id: $user_id}) USING INDEX e:Entity(id)
RETURN CASE WHEN n:Fact THEN 'fact' WHEN n:Event THEN 'event' ELSE 'entity' END AS label,
       n.id AS id, n.kind AS kind, n.key AS key, n.value AS value, n.polarity AS polarity,
       coalesce(n.text, n.name) AS text,
       CASE WHEN n:Event AND n.status = 'active' AND COUNT { (:Fact {status: 'outdated'})-[:DERIVED_FROM]->(n) } > 0
                 AND COUNT { (:Fact {status: 'active'})-[:DERIVED_FROM]->(n) } = 0 THEN 'outdated'
            ELSE coalesce(n.status, 'active') END AS status,
       CASE WHEN n:Entity THEN n.id ELSE n.entity_id END AS entity_id,
       CASE WHEN n:Entity THEN n.name ELSE e.name END AS entity,
       coalesce(e.is_self, n.is_self, false) AS is_self,
       coalesce(n.valid_from, n.occurred_at, n.first_seen).epochMillis AS t_from, n.valid_to.epochMillis AS t_to, n.recorded_at.epochMillis AS recorded_at,
       coalesce(n.last_seen, n.occurred_at).epochMillis AS last_seen, coalesce(n.mention_count, 1) AS mention_count,
       n.importance AS importance, n.quality AS quality, n.language AS language, n.session_id AS session_id,
       n.superseded_by AS superseded_by, CASE WHEN n:Event THEN n.id ELSE n.event_id END AS source_id,
       CASE WHEN $vector IS NULL OR n.embedding IS NULL THEN null
            ELSE 2 * vector.similarity.cosine(n.embedding, $vector) - 1 END AS sim, score AS path_score,
       n.speaker AS speaker, n.role AS role
