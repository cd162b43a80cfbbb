CYPHER replan=skip
UNWIND $rows AS row
MATCH (u:User {tenant: row.tenant, user_id: row.user_id})
MERGE (p:Profile {id: row.id, tenant: row.tenant, user_id: row.user_id})
  ON CREATE SET p.name = 'Profile of ' + row.user_id, p.caption = 'Profile of ' + row.user_id
SET p.text = row.text, p.language = row.language, p.updated_at = datetime(row.at), p.fact_count = row.fact_count
MERGE (u)-[:HAS_PROFILE]->(p)
