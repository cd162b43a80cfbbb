MATCH (:User {tenant: $tenant, user_id: $user_id})-[:OWNS]->(:Entity {id: $a, tenant: $tenant, user_id: $user_id})-[:HAS_CARD]->(:Card)-[:HAS_FACT]->(f:Fact {tenant: $tenant, user_id: $user_id, status: 'active'})
WITH f ORDER BY f.valid_from DESC, f.recorded_at DESC, f.id
WITH f.key AS key, collect(f) AS versions
WHERE size(versions) > 1
WITH head(versions) AS keep, tail(versions) AS older
UNWIND older AS o
SET o.status = 'outdated', o.valid_to = $now, o.superseded_by = keep.id
MERGE (keep)-[:SUPERSEDES]->(o)
WITH o
OPTIONAL MATCH (:User {tenant: $tenant, user_id: $user_id})-[r:PREFERS|DISLIKES|WANTS {fact_id: o.id}]->()
SET r.status = 'outdated', r.valid_to = $now
