MATCH (:User {tenant: $tenant, user_id: $user_id})-[:OWNS]->(a:Entity {tenant: $tenant, user_id: $user_id})
WHERE a.merge_log IS NOT NULL AND ($a IS NULL OR a.id = $a)
UNWIND a.merge_log AS record
RETURN a.id AS a, a.name AS name, record
