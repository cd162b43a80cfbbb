CYPHER replan=skip
// An owner index is used only with a predicate on each of its properties: `status IS NOT NULL` (every fact has one)
// and `occurred_at IS NOT NULL` (every event has one) let Fact(tenant, user_id, status) and Event(tenant, user_id,
// occurred_at) find the user's own nodes; without them Neo4j scans every Fact and Event of every user
// (tests/integration/recall/test_recall_plans.py).
CALL () {
  MATCH (f:Fact {tenant: $tenant, user_id: $user_id})
  WHERE f.status IS NOT NULL AND (f.embedding IS NOT NULL OR f.text IS NOT NULL) AND ($since IS NULL OR f.recorded_at > $since)
    AND ($scopes IS NULL OR coalesce(f.scope, 'user') IN $scopes)
  RETURN f.id AS id, 'facts' AS label, f.embedding AS embedding, f.recorded_at.epochMillis AS at,
         coalesce(f.text, '') + ' ' + coalesce(f.name, '') AS text,
         COLLECT { MATCH (s:Entity {id: f.entity_id, tenant: $tenant, user_id: $user_id}) USING INDEX s:Entity(id)
                   WHERE NOT coalesce(s.is_self, false) RETURN s.id } AS mentions,
         f.session_id AS session_id, f.turn_id AS turn_id, f.speaker AS speaker, null AS role, f.event_id AS source, f.last_seen.epochMillis AS happened,
         f.scope AS scope, f.kind AS kind, f.key AS key, f.value AS value, f.polarity AS polarity, null AS referents,
         f.valid_from.epochMillis AS t_from, f.quality AS quality, f.language AS language, f.event_id AS source_id,
         f.text AS said
  UNION ALL
  MATCH (v:Event {tenant: $tenant, user_id: $user_id})
  WHERE v.occurred_at IS NOT NULL AND (v.embedding IS NOT NULL OR v.text IS NOT NULL) AND ($since IS NULL OR v.recorded_at > $since)
    AND ($scopes IS NULL OR coalesce(v.scope, 'user') IN $scopes)
  RETURN v.id AS id, 'events' AS label, v.embedding AS embedding, v.recorded_at.epochMillis AS at, coalesce(v.text, '') AS text,
         [(v)-[:MENTIONS]->(m:Entity) WHERE NOT coalesce(m.is_self, false) | m.id] AS mentions,
         v.session_id AS session_id, v.turn_id AS turn_id, v.speaker AS speaker, v.role AS role,
         head([(v)-[:DERIVED_FROM]->(src:Event) | src.id]) AS source, v.occurred_at.epochMillis AS happened,
         v.scope AS scope, v.kind AS kind, v.key AS key, null AS value, null AS polarity, v.referents AS referents,
         v.occurred_at.epochMillis AS t_from, v.quality AS quality, v.language AS language, v.id AS source_id,
         v.text AS said
  UNION ALL
  MATCH (e:Entity {tenant: $tenant, user_id: $user_id})
  WHERE NOT coalesce(e.is_self, false) AND coalesce(e.status, 'active') <> 'archived'
    AND ($since IS NULL OR e.first_seen > $since)
    AND ($scopes IS NULL OR coalesce(e.is_self, false)
        OR EXISTS { (e)<-[:MENTIONS]-(sv:Event) WHERE coalesce(sv.scope, 'user') IN $scopes }
        OR EXISTS { (e)-[:HAS_CARD]->(:Card)-[:HAS_FACT]->(sf:Fact) WHERE coalesce(sf.scope, 'user') IN $scopes }
        OR EXISTS { (e)-[sr:RELATED]-(:Entity) WHERE coalesce(sr.scope, 'user') IN $scopes })
  RETURN e.id AS id, 'entities' AS label, e.embedding AS embedding, e.first_seen.epochMillis AS at,
         coalesce(e.search_names, e.name, '') AS text, [] AS mentions,
         null AS session_id, null AS turn_id, null AS speaker, null AS role, null AS source, null AS happened,
         null AS scope, null AS kind, null AS key, null AS value, null AS polarity, null AS referents,
         null AS t_from, null AS quality, null AS language, null AS source_id, null AS said
}
RETURN id, label, embedding, at, text, mentions, session_id, turn_id, speaker, role, source, happened, scope,
       kind, key, value, polarity, referents, t_from, quality, language, source_id, said
