CYPHER replan=skip
// The relations of the seed entities up to $hops out, each once from the seed that reaches it with most weight (the
// seed's in $seeds × $hop_weight per hop; ties: the smaller seed id): recall/graph's first part, alone.
MATCH (s:Entity) USING INDEX s:Entity(id) WHERE s.id IN $entity_ids AND s.tenant = $tenant AND s.user_id = $user_id
MATCH (s)-[r1:RELATED]-(m)
WHERE m.tenant = $tenant AND m.user_id = $user_id AND coalesce(r1.status, 'active') IN $statuses AND ($scopes IS NULL OR coalesce(r1.scope, 'user') IN $scopes)
CALL (s, r1, m) {
  RETURN r1 AS r, 1 AS hop
  UNION
  WITH s, m WHERE $hops >= 2 AND NOT coalesce(m.is_self, false)
  MATCH (m)-[r2:RELATED]-(o)
  WHERE o <> s AND o.tenant = $tenant AND o.user_id = $user_id AND coalesce(r2.status, 'active') IN $statuses
    AND ($scopes IS NULL OR coalesce(r2.scope, 'user') IN $scopes)
  RETURN r2 AS r, 2 AS hop
}
WITH r, hop, s.id AS sid, coalesce([x IN $seeds WHERE x.id = s.id][0].weight, 0.5) * $hop_weight ^ hop AS reach
ORDER BY reach DESC, sid
WITH r, collect([sid, hop, reach])[0] AS best
WITH r, best[1] AS hop, best[0] AS seed, best[2] AS reach
ORDER BY reach DESC, seed, startNode(r).id, r.type, endNode(r).id LIMIT $fetch
WITH r, hop, seed, startNode(r) AS a, endNode(r) AS b
RETURN 'relation' AS label, a.id + '|' + r.type + '|' + b.id AS id, 'relation' AS kind, r.type AS key,
       b.name AS value, null AS polarity, r.text AS text, coalesce(r.status, 'active') AS status,
       a.id AS entity_id, a.name AS entity, coalesce(a.is_self, false) AS is_self,
       b.id AS object_id, coalesce(b.is_self, false) AS object_is_self,
       r.valid_from.epochMillis AS t_from, r.valid_to.epochMillis AS t_to, r.recorded_at.epochMillis AS recorded_at, coalesce(r.last_seen, r.valid_from).epochMillis AS last_seen,
       coalesce(r.mention_count, 1) AS mention_count, 0.6 AS importance, 1.0 AS quality, null AS language,
       null AS session_id, null AS superseded_by, r.event_id AS source_id, r.speaker AS speaker, hop, seed,
       CASE WHEN $vector IS NULL THEN null ELSE
         2 * reduce(m = 0.0, x IN [a, b] | CASE WHEN x.embedding IS NULL OR coalesce(x.is_self, false) THEN m
              ELSE CASE WHEN vector.similarity.cosine(x.embedding, $vector) > m THEN vector.similarity.cosine(x.embedding, $vector) ELSE m END END) - 1
       END AS sim, 1.0 / hop AS path_score
