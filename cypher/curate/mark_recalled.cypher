UNWIND $rows AS row
MATCH (n:Fact|Event {id: row.id, tenant: row.tenant, user_id: row.user_id})
SET n.last_recalled = CASE WHEN n.last_recalled IS NULL OR n.last_recalled < datetime(row.at)
                           THEN datetime(row.at) ELSE n.last_recalled END,
    n.recall_count = coalesce(n.recall_count, 0) + row.times
