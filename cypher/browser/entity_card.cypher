MATCH (e:Entity {tenant: $tenant, user_id: $user_id})
WHERE e.id = $entity OR toLower(e.name) = toLower($entity)
   OR any(alias IN coalesce(e.aliases, []) WHERE toLower(alias) = toLower($entity))
   OR (e.is_self AND toLower($entity) IN ['me', 'i', '我'])
MATCH card = (e)-[:HAS_CARD]->(c:Card)
OPTIONAL MATCH facts = (c)-[:HAS_FACT]->(f:Fact)
OPTIONAL MATCH chain = (f)-[:SUPERSEDES]->(:Fact)
OPTIONAL MATCH source = (f)-[:DERIVED_FROM]->(:Event)
RETURN card, facts, chain, source
