CYPHER replan=skip
// The graph path in one round trip: the relations of the seed entities ($question.entity_ids, with their weights in
// $question.seeds) up to $hops out (recall/graph_related),
// the entities those reach that weigh most (weight: the seed's × $hop_weight per hop, the first reached first on a
// tie, seeds and the user left out; graphmem.recall.paths.graph_related checks the choice), and the latest facts on
// the cards of the seeds and of those (recall/graph_facts). One record: rel, farther, facts. Each relation comes
// once, from the seed that reaches it with most weight (ties: the smaller seed id), and the $fetch that weigh most
// are kept in a fixed order: what recall finds does not depend on the order the server reads rows in. What changes
// with the question (ids, statuses, session, the user's self) comes in one map, $question: Neo4j plans a statement
// again for a top-level parameter of another type or list length (a null, an empty list, 1, 2-10, 11-100 items),
// never for what a map holds (graphmem.recall.paths._question).
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
WITH rel, $question.entity_ids AS seed_ids
WITH rel, reduce(acc = [], x IN rel |
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
RETURN rel, farther, facts
