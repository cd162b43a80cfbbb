CYPHER replan=skip
MATCH (u:User {tenant: $tenant, user_id: $user_id})
RETURN u.last_seen AS version
