MATCH (e:Entity {tenant: $tenant, user_id: $user_id})
WHERE e.id = $entity OR toLower(e.name) = toLower($entity)
   OR any(alias IN coalesce(e.aliases, []) WHERE toLower(alias) = toLower($entity))
   OR (e.is_self AND toLower($entity) IN ['me', 'i', '我'])
MATCH (e)-[:HAS_CARD]->(:Card)-[:HAS_FACT]->(f:Fact)
WHERE $key IS NULL OR f.key = $key
OPTIONAL MATCH (f)-[:SUPERSEDES]->(old:Fact)
OPTIONAL MATCH (f)-[:DERIVED_FROM]->(source:Event)
WITH e, f, old, source
ORDER BY source.occurred_at
WITH e, f, old, collect(source.text)[0] AS first_said
RETURN e.name AS entity, f.key AS key, f.version AS version, f.value AS value, f.status AS status,
       old.value AS replaced_value, f.valid_from AS valid_from, f.valid_to AS valid_to,
       f.recorded_at AS recorded_at, f.mention_count AS mentions, first_said
ORDER BY key, version
