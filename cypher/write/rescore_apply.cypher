UNWIND $rows AS row
MATCH (n:Fact|Event {id: row.id, tenant: $tenant, user_id: row.user_id})
SET n.base_importance = coalesce(n.base_importance, n.importance), n.base_quality = coalesce(n.base_quality, n.quality)
SET n.archived_from = CASE WHEN row.status = 'archived' AND n.status <> 'archived' THEN n.status
                           ELSE n.archived_from END,
    n.archived_at = CASE WHEN row.status = 'archived' AND n.status <> 'archived' THEN $now ELSE n.archived_at END
SET n.importance = row.importance, n.quality = row.quality, n.status = row.status, n.rescored_at = $now
