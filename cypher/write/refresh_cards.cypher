// a fact of negative polarity reads "key: not value" unless its value says so (graphmem.model.fact_line)
CYPHER replan=skip
UNWIND $rows AS row
MATCH (c:Card {id: row.id, tenant: row.tenant, user_id: row.user_id})
OPTIONAL MATCH (c)-[:HAS_FACT]->(f:Fact {status: 'active'})
WITH c, row, f ORDER BY f.key
WITH c, row, collect(f.key + ': ' + CASE WHEN f.polarity < 0 AND NOT f.value IN ['dislike', 'no longer want'] THEN 'not ' ELSE '' END + f.value) AS lines
SET c.summary = reduce(s = '', l IN lines | s + CASE WHEN s = '' THEN '' ELSE '; ' END + l),
    c.fact_count = size(lines), c.updated_at = datetime(row.at)
