CYPHER replan=skip
// What can change of facts and events found in the user's cache (status, text, validity, counts, importance,
// entity): the columns that never change come from the cache (graphmem.recall.cache.STATIC). One record holding
// a list of maps: the driver decodes that in half the client CPU of one record a row (1.1 vs 2.5 ms for 60 rows).
// In the same round trip, the graph path of recall/graph (rel, farther, facts), kept word for word
// (tests/unit/recall/test_recall_cypher.py checks); with no seed when the path is off. What changes with the question
// comes in one map, $question, as in recall/graph: one plan whatever the question.
CALL () {
  UNWIND $question.facts AS fact_id
  MATCH (f:Fact {id: fact_id}) USING INDEX f:Fact(id)
  WHERE f.tenant = $tenant AND f.user_id = $user_id AND f.status IN $question.statuses AND ($scopes IS NULL OR coalesce(f.scope, 'user') IN $scopes)
    AND ($question.session_id IS NULL OR coalesce(f.session_id, '') <> $question.session_id)
  WITH f
  OPTIONAL MATCH (e:Entity {id: f.entity_id, tenant: $tenant, user_id: $user_id}) USING INDEX e:Entity(id)
  RETURN 'fact' AS label, f.id AS id, f.text AS text, f.status AS status, f.entity_id AS entity_id, e.name AS entity,
         coalesce(e.is_self, false) AS is_self, f.valid_to.epochMillis AS t_to, f.last_seen.epochMillis AS last_seen,
         f.mention_count AS mention_count, f.importance AS importance, f.superseded_by AS superseded_by
  UNION ALL
  UNWIND $question.events AS event_id
  MATCH (v:Event {id: event_id}) USING INDEX v:Event(id)
  WHERE v.tenant = $tenant AND v.user_id = $user_id AND v.status IN $question.statuses AND ($scopes IS NULL OR coalesce(v.scope, 'user') IN $scopes)
    AND ($question.session_id IS NULL OR coalesce(v.session_id, '') <> $question.session_id)
  WITH v, CASE WHEN v.status = 'active' AND COUNT { (:Fact {status: 'outdated'})-[:DERIVED_FROM]->(v) } > 0
                   AND COUNT { (:Fact {status: 'active'})-[:DERIVED_FROM]->(v) } = 0 THEN 'stale' ELSE v.status END AS status
  // a stale message: the message that said what replaced its facts
  RETURN 'event' AS label, v.id AS id, v.text AS text, status,
         null AS entity_id, null AS entity, false AS is_self, null AS t_to, v.occurred_at.epochMillis AS last_seen,
         1 AS mention_count, v.importance AS importance,
         CASE WHEN status = 'stale' THEN COLLECT {
           MATCH (v)<-[:DERIVED_FROM]-(:Fact {status: 'outdated'})<-[:SUPERSEDES]-(:Fact)-[:DERIVED_FROM]->(w:Event)
           RETURN w.id ORDER BY w.recorded_at DESC LIMIT 1 }[0] END AS superseded_by
}
WITH collect({label: label, id: id, text: text, status: status, entity_id: entity_id, entity: entity,
                is_self: is_self, t_to: t_to, last_seen: last_seen, mention_count: mention_count,
                importance: importance, superseded_by: superseded_by}) AS rows
CALL () {
  UNWIND $question.entity_ids AS seed_id
  MATCH (s:Entity {id: seed_id}) USING INDEX s:Entity(id) WHERE s.tenant = $tenant AND s.user_id = $user_id
  MATCH (s)-[r1:RELATED]-(m)
  WHERE m.tenant = $tenant AND m.user_id = $user_id AND coalesce(r1.status, 'active') IN $question.statuses AND ($scopes IS NULL OR coalesce(r1.scope, 'user') IN $scopes)
  CALL (s, r1, m) {
    RETURN r1 AS r, 1 AS hop
    UNION
    WITH s, m WHERE $hops >= 2 AND NOT coalesce(m.is_self, false)
    MATCH (m)-[r2:RELATED]-(o)
    WHERE o <> s AND o.tenant = $tenant AND o.user_id = $user_id AND coalesce(r2.status, 'active') IN $question.statuses
      AND ($scopes IS NULL OR coalesce(r2.scope, 'user') IN $scopes)
    RETURN r2 AS r, 2 AS hop
  }
  WITH r, hop, s.id AS sid, coalesce([x IN $question.seeds WHERE x.id = s.id][0].weight, 0.5) * $hop_weight ^ hop AS reach
  ORDER BY reach DESC, sid
  WITH r, collect([sid, hop, reach])[0] AS best
  WITH r, best[1] AS hop, best[0] AS seed, best[2] AS reach
  ORDER BY reach DESC, seed, startNode(r).id, r.type, endNode(r).id LIMIT $fetch
  WITH r, hop, seed, reach, startNode(r) AS a, endNode(r) AS b
  RETURN collect({label: 'relation', id: a.id + '|' + r.type + '|' + b.id, kind: 'relation', key: r.type,
                  value: b.name, polarity: null, text: r.text, status: coalesce(r.status, 'active'),
                  entity_id: a.id, entity: a.name, is_self: coalesce(a.is_self, false), object_id: b.id,
                  object_is_self: coalesce(b.is_self, false), t_from: r.valid_from.epochMillis,
                  t_to: r.valid_to.epochMillis, recorded_at: r.recorded_at.epochMillis,
                  last_seen: coalesce(r.last_seen, r.valid_from).epochMillis,
                  mention_count: coalesce(r.mention_count, 1), importance: 0.6, quality: 1.0, language: null,
                  session_id: null, superseded_by: null, source_id: r.event_id, speaker: r.speaker, hop: hop,
                  seed: seed, reach: reach,
                  sim: CASE WHEN $vector IS NULL THEN null ELSE
                    2 * reduce(m = 0.0, x IN [a, b] | CASE WHEN x.embedding IS NULL OR coalesce(x.is_self, false) THEN m
                      ELSE CASE WHEN vector.similarity.cosine(x.embedding, $vector) > m
                      THEN vector.similarity.cosine(x.embedding, $vector) ELSE m END END) - 1 END,
                  path_score: 1.0 / hop}) AS rel
}
WITH rows, rel, $question.entity_ids AS seed_ids
WITH rows, rel, reduce(acc = [], x IN rel |
       reduce(a = acc, o IN [x.entity_id, x.object_id] |
         CASE WHEN o IN seed_ids OR o = $question.self_id THEN a
              WHEN none(p IN a WHERE p[0] = o)
                THEN a + [[o, x.reach]]
              ELSE [p IN a | CASE WHEN p[0] = o AND x.reach > p[1] THEN [o, x.reach] ELSE p END] END)) AS reached
CALL (reached) {
  UNWIND range(0, size(reached) - 1) AS i
  WITH reached[i][0] AS id, i ORDER BY reached[i][1] DESC, i ASC LIMIT $max_seeds
  RETURN collect(id) AS farther
}
CALL (farther) {
  UNWIND $question.seeds + [id IN farther | {id: id}] AS seed
  MATCH (e:Entity {id: seed.id, tenant: $tenant, user_id: $user_id})-[:HAS_CARD]->(:Card)-[:HAS_FACT]->(f:Fact) USING INDEX e:Entity(id)
  WHERE f.status IN $question.statuses AND ($question.session_id IS NULL OR coalesce(f.session_id, '') <> $question.session_id)
    AND ($scopes IS NULL OR coalesce(f.scope, 'user') IN $scopes)
  WITH e, f, seed ORDER BY f.last_seen DESC, f.id
  WITH e, seed, collect(f)[..$per_entity] AS facts
  UNWIND facts AS f
  RETURN collect({label: 'fact', id: f.id, kind: f.kind, key: f.key, value: f.value, polarity: f.polarity,
                  text: f.text, status: f.status, entity_id: f.entity_id, entity: e.name,
                  is_self: coalesce(e.is_self, false), t_from: f.valid_from.epochMillis, t_to: f.valid_to.epochMillis,
                  recorded_at: f.recorded_at.epochMillis, last_seen: f.last_seen.epochMillis,
                  mention_count: f.mention_count, importance: f.importance, quality: f.quality, language: f.language,
                  session_id: f.session_id, superseded_by: f.superseded_by, source_id: f.event_id,
                  sim: CASE WHEN $vector IS NULL OR f.embedding IS NULL THEN null
                       ELSE 2 * vector.similarity.cosine(f.embedding, $vector) - 1 END, seed: seed.id}) AS facts
}
RETURN rows, rel, farther, facts
