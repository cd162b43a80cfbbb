CYPHER replan=skip
UNWIND $rows AS row
WITH row, datetime(row.valid_to) AS valid_to
MATCH (new:Fact {id: row.new_id, tenant: row.tenant, user_id: row.user_id}) USING INDEX new:Fact(id)
MATCH (old:Fact {id: row.old_id, tenant: row.tenant, user_id: row.user_id}) USING INDEX old:Fact(id)
SET old.status = 'outdated', old.valid_to = valid_to, old.superseded_by = new.id
MERGE (new)-[:SUPERSEDES]->(old)
WITH row, old, valid_to
OPTIONAL MATCH (:User {tenant: row.tenant, user_id: row.user_id})-[r:PREFERS|DISLIKES|WANTS]->(e:Entity {id: old.entity_id, tenant: row.tenant, user_id: row.user_id})
USING INDEX e:Entity(id)
WHERE r.fact_id = old.id
SET r.status = 'outdated', r.valid_to = valid_to
