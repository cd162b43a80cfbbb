MATCH (u:User {tenant: $tenant})
WHERE $user_id IS NULL OR u.user_id = $user_id
UNWIND [k IN keys(u) WHERE k STARTS WITH 'rejected_'] AS k
WITH u, substring(k, 9) AS reason, u[k] AS turns
WHERE turns > 0
RETURN u.user_id AS user_id, reason, turns
ORDER BY user_id, turns DESC, reason
