MATCH (f:Fact {tenant: $tenant, user_id: $user_id, id: $fact_id})
OPTIONAL MATCH (other:Fact {tenant: $tenant, user_id: $user_id, entity_id: f.entity_id, key: f.key, status: 'active'})
WHERE other <> f
FOREACH (o IN CASE WHEN other IS NULL THEN [] ELSE [other] END |
  SET o.status = 'outdated', o.valid_to = $now, o.superseded_by = f.id
  MERGE (f)-[:SUPERSEDES]->(o))
SET f.status = 'active', f.valid_to = null, f.superseded_by = null, f.last_seen = $now
WITH DISTINCT f
OPTIONAL MATCH (:User {tenant: $tenant, user_id: $user_id})-[r:PREFERS|DISLIKES|WANTS]->(:Entity {id: f.entity_id, tenant: $tenant, user_id: $user_id})
WHERE r.key = f.key
SET r.status = CASE WHEN r.fact_id = f.id THEN 'active' ELSE 'outdated' END,
    r.valid_to = CASE WHEN r.fact_id = f.id THEN null ELSE coalesce(r.valid_to, $now) END
RETURN DISTINCT f.id AS id, f.key AS key, f.value AS value, f.status AS status
