// Journal keys of the users' turns the gate turned away in committed batches (a replay skips them).
CYPHER replan=skip
UNWIND $rows AS row
MATCH (u:User {tenant: row.tenant, user_id: row.user_id})
RETURN coalesce(u.rejected_keys, []) AS keys
