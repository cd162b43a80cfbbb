MATCH (n:Entity|Card|Fact|Event|Session|Profile)
WHERE n.tenant = $tenant AND n.user_id = $user_id
RETURN collect(CASE WHEN n:Entity THEN n.id END) AS entities, collect(CASE WHEN n:Card THEN n.id END) AS cards,
       collect(CASE WHEN n:Fact THEN n.id END) AS facts, collect(CASE WHEN n:Event THEN n.id END) AS events,
       collect(CASE WHEN n:Session THEN n.id END) AS sessions, collect(CASE WHEN n:Profile THEN n.id END) AS profiles
