MATCH (a:User|Session|Entity|Card|Fact|Event|Profile)-[r]->(b)
WHERE a.tenant = $tenant AND a.user_id = $user_id AND b.tenant = $tenant AND b.user_id = $user_id
RETURN coalesce(a.id, 'user') AS start, type(r) AS type, coalesce(b.id, 'user') AS end, properties(r) AS props
ORDER BY start, type, end
