MATCH (a:Entity {id: $a, tenant: $tenant, user_id: $user_id})
MATCH (b:Entity {id: $b, tenant: $tenant, user_id: $user_id})
UNWIND $rows AS row
OPTIONAL MATCH (other:Entity {id: row.other, tenant: $tenant, user_id: $user_id})
WITH a, b, row, CASE WHEN row.other IS NULL THEN a ELSE other END AS x
WHERE x IS NOT NULL
CALL (a, x, row) {
  OPTIONAL MATCH (a)-[out:RELATED {type: row.props.type}]->(x)
  WHERE row.dir = 'out' AND coalesce(out.event_id, '') = coalesce(row.props.event_id, '')
  OPTIONAL MATCH (x)-[inn:RELATED {type: row.props.type}]->(a)
  WHERE row.dir = 'in' AND coalesce(inn.event_id, '') = coalesce(row.props.event_id, '')
  WITH coalesce(out, inn) AS moved LIMIT 1
  FOREACH (r IN CASE WHEN moved IS NULL THEN [] ELSE [moved] END | DELETE r)
}
FOREACH (_ IN CASE WHEN row.dir IN ['out', 'b_to_a'] THEN [1] ELSE [] END |
  CREATE (b)-[n:RELATED]->(x) SET n = row.props)
FOREACH (_ IN CASE WHEN row.dir IN ['in', 'a_to_b'] THEN [1] ELSE [] END |
  CREATE (x)-[n:RELATED]->(b) SET n = row.props)
