MATCH (f:Fact {tenant: $tenant, user_id: $user_id, id: $fact_id})
SET f.status = 'outdated', f.valid_to = coalesce(f.valid_to, $now)
WITH f
OPTIONAL MATCH (:User {tenant: $tenant, user_id: $user_id})-[r:PREFERS|DISLIKES|WANTS {fact_id: f.id}]->()
SET r.status = 'outdated', r.valid_to = coalesce(r.valid_to, $now)
RETURN DISTINCT f.id AS id, f.key AS key, f.value AS value, f.status AS status
