CYPHER replan=skip
UNWIND $rows AS row
MERGE (u:User {tenant: row.tenant, user_id: row.user_id})
  ON CREATE SET u.created_at = datetime(row.at), u.name = row.user_id, u.caption = 'User ' + row.user_id,
                u.last_seen = datetime(row.at)
SET u.last_write = datetime()
