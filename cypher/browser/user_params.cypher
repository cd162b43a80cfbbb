MATCH (u:User)
WHERE elementId(u) = $user_node
RETURN u.tenant AS tenant, u.user_id AS user_id
