OPTIONAL MATCH (u:User {tenant: $tenant, user_id: $user_id})
RETURN u IS NOT NULL AS exists
