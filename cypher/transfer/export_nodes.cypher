MATCH (n:User|Session|Entity|Card|Fact|Event|Profile)
WHERE n.tenant = $tenant AND n.user_id = $user_id
RETURN coalesce(n.id, 'user') AS key, labels(n) AS labels, properties(n) AS props
ORDER BY key
