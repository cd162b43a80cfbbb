CYPHER replan=skip
UNWIND $rows AS row
MATCH (t:Tombstone {tenant: row.tenant, user_id: row.user_id})
WHERE t.at > row.since
RETURN t.tenant AS tenant, t.user_id AS user_id, t.at AS at, t.all AS all, t.event_ids AS event_ids,
       t.entity_ids AS entity_ids, t.slots AS slots
