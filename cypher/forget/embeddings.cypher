UNWIND $ids AS id
MATCH (n:Entity|Fact|Event {id: id})
WHERE n.tenant = $tenant AND n.user_id = $user_id AND n.embedding IS NOT NULL
RETURN n.id AS id, CASE WHEN n:Entity THEN 'entity_embedding' WHEN n:Fact THEN 'fact_embedding'
       ELSE 'event_embedding' END AS index, n.embedding AS embedding
LIMIT $limit
