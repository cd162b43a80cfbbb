MATCH (:User {tenant: $tenant, user_id: $user_id})-[r:PREFERS|DISLIKES|WANTS]->()
WHERE r.fact_id IN $ids
DELETE r
