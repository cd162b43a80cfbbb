CYPHER replan=skip
UNWIND $rows AS row
WITH row, datetime(row.valid_from) AS valid_from
MATCH (u:User {tenant: row.tenant, user_id: row.user_id})
MATCH (e:Entity {id: row.entity_id, tenant: row.tenant, user_id: row.user_id}) USING INDEX e:Entity(id)
FOREACH (_ IN CASE WHEN row.type = 'PREFERS' THEN [1] ELSE [] END |
  MERGE (u)-[r:PREFERS {fact_id: row.fact_id}]->(e)
    ON CREATE SET r.status = 'active', r.version = row.version, r.valid_from = valid_from,
                  r.key = row.key, r.value = row.value)
FOREACH (_ IN CASE WHEN row.type = 'DISLIKES' THEN [1] ELSE [] END |
  MERGE (u)-[r:DISLIKES {fact_id: row.fact_id}]->(e)
    ON CREATE SET r.status = 'active', r.version = row.version, r.valid_from = valid_from,
                  r.key = row.key, r.value = row.value)
FOREACH (_ IN CASE WHEN row.type = 'WANTS' THEN [1] ELSE [] END |
  MERGE (u)-[r:WANTS {fact_id: row.fact_id}]->(e)
    ON CREATE SET r.status = 'active', r.version = row.version, r.valid_from = valid_from,
                  r.key = row.key, r.value = row.value)
