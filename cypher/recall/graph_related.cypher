MATCH (s:Entity {tenant: $tenant, user_id: $user_id}) WHERE s.id IN $entity_ids
MATCH p = (s)-[:RELATED*1..2]-(o:Entity {tenant: $tenant, user_id: $user_id})
WHERE o <> s AND length(p) <= $hops
  AND all(x IN nodes(p)[1..-1] WHERE NOT coalesce(x.is_self, false))
  AND all(r IN relationships(p) WHERE coalesce(r.status, 'active') IN $statuses)
WITH p LIMIT $fetch
UNWIND range(0, length(p) - 1) AS i
WITH relationships(p)[i] AS r, i + 1 AS hop, nodes(p)[0].id AS seed
WITH r, min(hop) AS hop, collect(DISTINCT seed)[0] AS seed
WITH r, hop, seed, startNode(r) AS a, endNode(r) AS b
RETURN 'relation' AS label, a.id + '|' + r.type + '|' + b.id AS id, 'relation' AS kind, r.type AS key,
       b.name AS value, null AS polarity, r.text AS text, coalesce(r.status, 'active') AS status,
       a.id AS entity_id, a.name AS entity, coalesce(a.is_self, false) AS is_self,
       b.id AS object_id, coalesce(b.is_self, false) AS object_is_self,
       r.valid_from AS t_from, r.valid_to AS t_to, r.recorded_at AS recorded_at, coalesce(r.last_seen, r.valid_from) AS last_seen,
       coalesce(r.mention_count, 1) AS mention_count, 0.6 AS importance, 1.0 AS quality, null AS language,
       null AS session_id, null AS superseded_by, r.event_id AS source_id, hop, seed,
       CASE WHEN $vector IS NULL THEN null ELSE
         2 * reduce(m = 0.0, x IN [a, b] | CASE WHEN x.embedding IS NULL OR coalesce(x.is_self, false) THEN m
              ELSE CASE WHEN vector.similarity.cosine(x.embedding, $vector) > m THEN vector.similarity.cosine(x.embedding, $vector) ELSE m END END) - 1
       END AS sim, 1.0 / hop AS path_score
