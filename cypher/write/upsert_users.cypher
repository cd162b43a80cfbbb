CYPHER replan=skip
UNWIND $rows AS row
WITH row, datetime(row.at) AS at, datetime(coalesce(row.first, row.at)) AS first
MERGE (u:User {tenant: row.tenant, user_id: row.user_id})
  ON CREATE SET u.created_at = first, u.name = row.user_id, u.caption = 'User ' + row.user_id
SET u.last_seen = CASE WHEN u.last_seen IS NULL OR u.last_seen < at THEN at ELSE u.last_seen END
WITH u, row, at, first
MERGE (s:Session {id: row.session_key, tenant: row.tenant, user_id: row.user_id})
  ON CREATE SET s.session_id = row.session_id, s.started_at = first, s.name = 'Session ' + row.session_id,
                s.caption = 'Session ' + row.session_id
SET s.last_seen = CASE WHEN s.last_seen IS NULL OR s.last_seen < at THEN at ELSE s.last_seen END
MERGE (u)-[:HAD_SESSION]->(s)
