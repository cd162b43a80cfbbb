MATCH (c:Card {tenant: $tenant, user_id: $user_id})-[:HAS_FACT]->(old:Fact {tenant: $tenant, user_id: $user_id, id: $fact_id})
WHERE old.status = 'outdated'
OPTIONAL MATCH (v:Fact {tenant: $tenant, user_id: $user_id, entity_id: old.entity_id, key: old.key}) WHERE v.status IS NOT NULL
WITH c, old, max(v.version) AS top, [x IN collect(v) WHERE x.status = 'active'] AS current
CREATE (f:Fact)
SET f = old {.*, id: $new_id, status: 'active', version: coalesce(top, 0) + 1, valid_from: $now, valid_to: null,
             superseded_by: null, recorded_at: $now, last_seen: $now, restored_from: old.id, kept_at: $now}
CREATE (c)-[:HAS_FACT]->(f)
FOREACH (o IN current | SET o.status = 'outdated', o.valid_to = $now, o.superseded_by = f.id
                        MERGE (f)-[:SUPERSEDES]->(o))
WITH f, old, current
CALL (f, old) {
  MATCH (old)-[:DERIVED_FROM]->(src:Event {tenant: $tenant, user_id: $user_id})
  MERGE (f)-[:DERIVED_FROM]->(src)
}
CALL (f, old) {
  MATCH (u:User {tenant: $tenant, user_id: $user_id})-[r:PREFERS|DISLIKES|WANTS {fact_id: old.id}]->(e:Entity)
  WITH u, r, e LIMIT 1
  CREATE (u)-[copy:$(type(r))]->(e)
  SET copy = properties(r), copy.fact_id = f.id, copy.status = 'active', copy.version = f.version,
      copy.valid_from = $now, copy.valid_to = null
}
CALL (current) {
  UNWIND current AS o
  MATCH (:User {tenant: $tenant, user_id: $user_id})-[r:PREFERS|DISLIKES|WANTS {fact_id: o.id}]->()
  SET r.status = 'outdated', r.valid_to = $now
}
RETURN f.id AS id, f.key AS key, f.value AS value, f.status AS status, f.version AS version,
       old.id AS restored_from, [o IN current | o.id] AS outdated
