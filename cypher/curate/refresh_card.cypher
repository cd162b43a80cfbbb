// a fact of negative polarity reads "key: not value" unless its value says so (graphmem.model.fact_line)
MATCH (c:Card {tenant: $tenant, user_id: $user_id, entity_id: $entity_id})
OPTIONAL MATCH (c)-[:HAS_FACT]->(f:Fact {tenant: $tenant, user_id: $user_id, status: 'active'})
WITH c, f ORDER BY f.key
WITH c, collect(f.key + ': ' + CASE WHEN f.polarity < 0 AND NOT f.value IN ['dislike', 'no longer want'] THEN 'not ' ELSE '' END + f.value) AS lines
SET c.summary = reduce(s = '', l IN lines | s + CASE WHEN s = '' THEN '' ELSE '; ' END + l),
    c.fact_count = size(lines), c.updated_at = $now
RETURN c.id AS id
