MATCH (f:Fact {tenant: $tenant, user_id: $user_id, id: $id})
RETURN [] AS entities, [] AS cards, [f.id] AS facts, [] AS events, [] AS sessions, [] AS profiles
