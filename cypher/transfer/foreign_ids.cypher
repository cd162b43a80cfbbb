// Ids of an import that another owner already holds (the import is refused: ids are never shared by owners).
UNWIND $ids AS id
MATCH (n:Entity|Card|Fact|Event|Session|Profile {id: id})
WHERE n.tenant <> $tenant OR n.user_id <> $user_id
RETURN n.id AS id
LIMIT 5
