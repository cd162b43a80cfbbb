MATCH (u:User {tenant: $tenant, user_id: $user_id})
DETACH DELETE u
