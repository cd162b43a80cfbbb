MATCH (f:Fact {tenant: $tenant, user_id: $user_id})
WHERE f.id IN $ids
RETURN f.id AS id, f.status AS status, f.superseded_by AS superseded_by
