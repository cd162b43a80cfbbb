CYPHER replan=skip
UNWIND $rows AS row
WITH row, datetime(row.at) AS at
MATCH (f:Fact {id: row.id, tenant: row.tenant, user_id: row.user_id}) USING INDEX f:Fact(id)
SET f.mention_count = f.mention_count + row.count,
    f.last_seen = CASE WHEN at > f.last_seen THEN at ELSE f.last_seen END,
    f.status = CASE WHEN f.status = 'archived' THEN 'active' ELSE f.status END
WITH f, row
OPTIONAL MATCH (v:Event {id: row.event_id, tenant: row.tenant, user_id: row.user_id}) USING INDEX v:Event(id)
FOREACH (_ IN CASE WHEN v IS NULL THEN [] ELSE [1] END | MERGE (f)-[:DERIVED_FROM]->(v))
