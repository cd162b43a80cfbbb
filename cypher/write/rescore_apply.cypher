UNWIND $rows AS row
MATCH (n:Fact|Event {id: row.id, tenant: $tenant, user_id: row.user_id})
SET n.base_importance = coalesce(n.base_importance, n.importance), n.base_quality = coalesce(n.base_quality, n.quality)
SET n.importance = row.importance, n.quality = row.quality, n.status = row.status, n.rescored_at = $now
