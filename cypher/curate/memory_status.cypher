MATCH (n:Fact|Event {tenant: $tenant, user_id: $user_id, id: $id})
RETURN CASE WHEN n:Fact THEN 'fact' ELSE 'event' END AS label, n.status AS status, n.archived_from AS archived_from
