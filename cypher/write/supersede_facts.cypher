UNWIND $rows AS row
MATCH (new:Fact {id: row.new_id, tenant: row.tenant, user_id: row.user_id})
MATCH (old:Fact {id: row.old_id, tenant: row.tenant, user_id: row.user_id})
SET old.status = 'outdated', old.valid_to = row.valid_to, old.superseded_by = new.id
MERGE (new)-[:SUPERSEDES]->(old)
WITH row, old
OPTIONAL MATCH (:User {tenant: row.tenant, user_id: row.user_id})-[r:PREFERS|DISLIKES|WANTS]->(:Entity {id: old.entity_id})
WHERE r.fact_id = old.id
SET r.status = 'outdated', r.valid_to = row.valid_to
