CYPHER replan=skip
UNWIND $rows AS row
MATCH (c:Card {id: row.id, tenant: row.tenant, user_id: row.user_id})
OPTIONAL MATCH (c)-[:HAS_FACT]->(f:Fact {status: 'active'})
WITH c, row, f ORDER BY f.key
WITH c, row, collect(f.key + ': ' + f.value) AS lines
SET c.summary = reduce(s = '', l IN lines | s + CASE WHEN s = '' THEN '' ELSE '; ' END + l),
    c.fact_count = size(lines), c.updated_at = datetime(row.at)
