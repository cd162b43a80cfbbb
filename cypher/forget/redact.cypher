UNWIND $rows AS row
MATCH (n:Event|Fact {id: row.id, tenant: $tenant, user_id: $user_id})
SET n.text = row.text, n.embedding = row.embedding, n.redacted_at = $now
FOREACH (_ IN CASE WHEN n:Event THEN [1] ELSE [] END | SET n.name = row.caption, n.caption = row.caption)
