// One version of a LangGraph store item: the Event of its turn (made by the writer; made here when the write gate
// turned the turn away, since an explicit store write is always kept) carries the item's namespace, key and value.
MERGE (u:User {tenant: $tenant, user_id: $user_id})
  ON CREATE SET u.created_at = datetime($at), u.last_seen = datetime($at), u.name = $user_id,
                u.caption = 'User ' + $user_id
MERGE (s:Session {id: $session_key, tenant: $tenant, user_id: $user_id})
  ON CREATE SET s.session_id = $session_id, s.started_at = datetime($at), s.last_seen = datetime($at),
                s.name = 'Session ' + $session_id, s.caption = 'Session ' + $session_id
MERGE (u)-[:HAD_SESSION]->(s)
MERGE (v:Event {id: $id, tenant: $tenant, user_id: $user_id})
  ON CREATE SET v += $props, v.embedding = $embedding, v.occurred_at = datetime($at), v.recorded_at = datetime($at)
MERGE (s)-[:HAS_EVENT]->(v)
SET v.item_ns = $ns, v.item_key = $key, v.item_value = $value, v.item_updated_at = datetime($at)
RETURN v.id AS id, v.kind AS kind
