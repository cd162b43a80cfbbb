// Which of the events $ids (what recall found, or the turns it came from) are store items under $prefix.
UNWIND $ids AS id
MATCH (v:Event {id: id, tenant: $tenant, user_id: $user_id})
WHERE v.item_key IS NOT NULL AND v.item_ns[0..size($prefix)] = $prefix
RETURN v.id AS id, v.item_ns AS ns, v.item_key AS key
