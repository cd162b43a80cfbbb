UNWIND $rows AS row
MATCH (o:Fact {id: row.id, tenant: $tenant, user_id: $user_id})
OPTIONAL MATCH (:Fact {id: row.by, tenant: $tenant, user_id: $user_id})-[s:SUPERSEDES]->(o)
DELETE s
SET o.status = row.status, o.valid_to = row.valid_to, o.superseded_by = row.superseded_by
WITH o
OPTIONAL MATCH (:User {tenant: $tenant, user_id: $user_id})-[r:PREFERS|DISLIKES|WANTS {fact_id: o.id}]->()
SET r.status = o.status, r.valid_to = o.valid_to
