// Every stored version of the items named by $rows ({ns, key}) of one user, newest first.
UNWIND $rows AS row
MATCH (v:Event {tenant: $tenant, user_id: $user_id, item_key: row.key})
WHERE v.occurred_at IS NOT NULL AND v.item_ns = row.ns
RETURN v.id AS id, v.item_ns AS ns, v.item_key AS key, v.item_value AS value, v.recorded_at AS recorded_at,
       v.item_updated_at AS updated_at
ORDER BY updated_at DESC
