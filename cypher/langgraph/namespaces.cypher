// The namespaces of the tenant's store items (their first label is the owning user).
MATCH (v:Event {tenant: $tenant})
WHERE v.user_id IS NOT NULL AND v.occurred_at IS NOT NULL AND v.item_key IS NOT NULL
RETURN DISTINCT v.item_ns AS ns
