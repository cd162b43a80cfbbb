MATCH (f:Fact {tenant: $tenant, user_id: $user_id, id: $fact_id})
RETURN f.entity_id AS entity_id
