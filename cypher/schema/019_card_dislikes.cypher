// Card summaries written before a dislike read "key: not value" (graphmem.model.fact_line): rewritten once
MATCH (c:Card)
CALL (c) {
  OPTIONAL MATCH (c)-[:HAS_FACT]->(f:Fact {status: 'active'})
  WITH f ORDER BY f.key
  WITH collect(f.key + ': ' + CASE WHEN f.polarity < 0 AND NOT f.value IN ['dislike', 'no longer want'] THEN 'not ' ELSE '' END + f.value) AS lines
  SET c.summary = reduce(s = '', l IN lines | s + CASE WHEN s = '' THEN '' ELSE '; ' END + l)
} IN TRANSACTIONS OF 1000 ROWS
