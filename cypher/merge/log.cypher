MATCH (:User {tenant: $tenant, user_id: $user_id})-[:OWNS]->(a:Entity {id: $a, tenant: $tenant, user_id: $user_id})
SET a.merge_log = coalesce(a.merge_log, []) + $record
