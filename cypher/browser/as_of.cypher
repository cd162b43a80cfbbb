WITH datetime($at) AS at
MATCH (f:Fact {tenant: $tenant, user_id: $user_id})
WHERE f.status IS NOT NULL AND f.valid_from <= at AND (f.valid_to IS NULL OR f.valid_to > at)
MATCH (e:Entity {id: f.entity_id, tenant: $tenant, user_id: $user_id})
RETURN e.name AS entity, f.key AS key, f.value AS value, f.version AS version, f.status AS status_now,
       f.valid_from AS valid_from, f.valid_to AS valid_to, f.recorded_at AS recorded_at
ORDER BY entity, key
