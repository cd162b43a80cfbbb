// The store items (every version) of one user under a namespace prefix.
MATCH (v:Event {tenant: $tenant, user_id: $user_id})
WHERE v.occurred_at IS NOT NULL AND v.item_key IS NOT NULL AND v.item_ns[0..size($prefix)] = $prefix
RETURN v.id AS id, v.item_ns AS ns, v.item_key AS key, v.item_value AS value, v.recorded_at AS recorded_at,
       v.item_updated_at AS updated_at
