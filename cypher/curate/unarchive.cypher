MATCH (n:Fact|Event {tenant: $tenant, user_id: $user_id, id: $id})
WHERE n.status = 'archived'
SET n.status = coalesce(n.archived_from, 'active'), n.kept_at = $now
REMOVE n.archived_from, n.archived_at
RETURN n.id AS id, CASE WHEN n:Fact THEN n.key ELSE 'event' END AS key,
       CASE WHEN n:Fact THEN toString(n.value) ELSE n.text END AS value, n.status AS status
