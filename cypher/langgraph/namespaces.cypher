// The namespaces of the tenant's store items (their first label is the owning user).
MATCH (v:Event {tenant: $tenant})
WHERE v.item_key IS NOT NULL
RETURN DISTINCT v.item_ns AS ns
