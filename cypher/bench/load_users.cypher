UNWIND $rows AS row
MERGE (u:User {tenant: $tenant, user_id: row.user_id})
  ON CREATE SET u.name = row.user_id, u.caption = 'User ' + row.user_id, u.created_at = row.at, u.last_seen = row.at
