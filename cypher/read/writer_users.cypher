// What the writer links a tenant's users' turns against, one row a user: their entities (oldest first, the rows of
// read/known_entities) and their latest turns (newest first), read for a batch's users at once.
CYPHER replan=skip
UNWIND $user_ids AS user_id
CALL (user_id) {
  OPTIONAL MATCH (e:Entity {tenant: $tenant, user_id: user_id})
  WITH e ORDER BY e.first_seen, e.id
  RETURN collect(e {.id, .name, .type, aliases: coalesce(e.aliases, []), .embedding,
                    is_self: coalesce(e.is_self, false)}) AS entities
}
CALL (user_id) {
  OPTIONAL MATCH (v:Event {tenant: $tenant, user_id: user_id})
  WHERE v.occurred_at IS NOT NULL AND NOT (v)-[:DERIVED_FROM]->(:Event)
  WITH v ORDER BY v.occurred_at DESC, v.id LIMIT $limit
  RETURN collect(v {.text, .role, .speaker}) AS recent
}
RETURN user_id, entities, recent
