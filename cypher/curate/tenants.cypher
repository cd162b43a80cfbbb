MATCH (u:User)
WHERE $user_id IS NULL OR u.user_id = $user_id
RETURN u.tenant AS tenant, count(*) AS users
ORDER BY users DESC, tenant
LIMIT $limit
