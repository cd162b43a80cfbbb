UNWIND $ids AS id
MATCH (f:Fact {id: id})
WHERE f.tenant = $tenant AND f.user_id = $user_id
RETURN DISTINCT f.entity_id AS entity_id, f.key AS key
