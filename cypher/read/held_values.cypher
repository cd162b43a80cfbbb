// The active, positive values the given entities hold (a removal that names a value, not its key:
// graphmem/write/removals.py finds the key it removes from).
UNWIND $slots AS s
MATCH (f:Fact {entity_id: s.entity_id, tenant: s.tenant, user_id: s.user_id})
WHERE f.status = 'active' AND coalesce(f.polarity, 0) >= 0
RETURN f.entity_id AS entity_id, f.key AS key, f.value AS value
