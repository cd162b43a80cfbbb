MATCH (u:User {tenant: $tenant, user_id: $user_id})
RETURN elementId(u) AS user_node
