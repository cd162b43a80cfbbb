MATCH (e:Entity {tenant: $tenant, user_id: $user_id})
WHERE e.id = $entity OR toLower(e.name) = toLower($entity)
   OR any(alias IN coalesce(e.aliases, []) WHERE toLower(alias) = toLower($entity))
   OR (e.is_self AND toLower($entity) IN ['me', 'i', '我'])
MATCH mention = (:Session)-[:HAS_EVENT]->(v:Event)-[:MENTIONS]->(e)
RETURN mention
ORDER BY v.occurred_at DESC, v.id
LIMIT 50
