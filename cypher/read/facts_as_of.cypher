MATCH (f:Fact {tenant: $tenant, user_id: $user_id})
WHERE f.status IS NOT NULL AND f.valid_from <= $at AND (f.valid_to IS NULL OR f.valid_to > $at)
  AND ($key IS NULL OR f.key = $key) AND ($entity_id IS NULL OR f.entity_id = $entity_id)
  AND ($kind IS NULL OR f.kind = $kind) AND f.recorded_at <= $known_at AND ($scopes IS NULL OR coalesce(f.scope, 'user') IN $scopes)
MATCH (e:Entity {id: f.entity_id, tenant: $tenant, user_id: $user_id})
// one row a version, however many versions it outdated (a shared fact may outdate private ones too)
WITH e, f, head(COLLECT { MATCH (f)-[:SUPERSEDES]->(old:Fact) RETURN old.id ORDER BY old.version DESC }) AS supersedes
RETURN f.id AS id, f.entity_id AS entity_id, e.name AS entity, f.kind AS kind, f.key AS key, f.value AS value,
       f.polarity AS polarity, f.text AS text, f.status AS status, f.version AS version,
       f.valid_from AS valid_from, f.valid_to AS valid_to, f.recorded_at AS recorded_at, f.last_seen AS last_seen,
       f.mention_count AS mention_count, f.importance AS importance, f.quality AS quality,
       supersedes, f.event_id AS event_id, f.agent AS agent, coalesce(f.scope, 'user') AS scope
ORDER BY entity, f.key
