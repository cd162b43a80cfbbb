CYPHER replan=skip
UNWIND $rows AS row
MERGE (u:User {tenant: row.tenant, user_id: row.user_id})
  ON CREATE SET u.created_at = datetime(row.at), u.name = row.user_id, u.caption = 'User ' + row.user_id, u.last_seen = datetime(row.at)
SET u.rejected_greeting = coalesce(u.rejected_greeting, 0) + row.greeting,
    u.rejected_smalltalk = coalesce(u.rejected_smalltalk, 0) + row.smalltalk,
    u.rejected_chitchat = coalesce(u.rejected_chitchat, 0) + row.chitchat,
    u.rejected_duplicate = coalesce(u.rejected_duplicate, 0) + row.duplicate,
    u.rejected_judge = coalesce(u.rejected_judge, 0) + row.judge,
    u.rejected_invalid = coalesce(u.rejected_invalid, 0) + row.invalid,
    u.rejected_keys = (coalesce(u.rejected_keys, []) + row.keys)[-1024..]
