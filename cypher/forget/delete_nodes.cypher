UNWIND $ids AS id
MATCH (n:Entity|Card|Fact|Event|Session|Profile {id: id})
WHERE n.tenant = $tenant AND n.user_id = $user_id
DETACH DELETE n
