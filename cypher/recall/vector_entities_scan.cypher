MATCH (e:Entity {tenant: $tenant, user_id: $user_id})
WHERE e.embedding IS NOT NULL AND coalesce(e.status, 'active') <> 'archived' AND NOT coalesce(e.is_self, false)
WITH e, vector.similarity.cosine(e.embedding, $vector) AS score
ORDER BY score DESC LIMIT $k
RETURN e.id AS id, e.name AS name, 2 * score - 1 AS sim
