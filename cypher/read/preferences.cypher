MATCH (u:User {tenant: $tenant, user_id: $user_id})-[r:PREFERS|DISLIKES|WANTS]->(e:Entity)
WHERE $include_outdated OR r.status = 'active'
RETURN type(r) AS type, e.id AS entity_id, e.name AS entity, r.status AS status, r.fact_id AS fact_id,
       r.version AS version, r.valid_from AS valid_from, r.valid_to AS valid_to
ORDER BY r.valid_from, type
