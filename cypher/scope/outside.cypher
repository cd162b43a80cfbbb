// What a forget planned for an agent would delete or change outside the scopes $scopes it may write: the facts
// and events among $ids, and the RELATED edges of the entities $entities (they go with their entities).
CALL () {
  UNWIND $ids AS id
  OPTIONAL MATCH (f:Fact {id: id, tenant: $tenant, user_id: $user_id})
  OPTIONAL MATCH (v:Event {id: id, tenant: $tenant, user_id: $user_id})
  WITH coalesce(f, v) AS n
  WHERE n IS NOT NULL AND NOT coalesce(n.scope, 'user') IN $scopes
  RETURN count(n) AS memories
}
CALL () {
  UNWIND $entities AS eid
  MATCH (:Entity {id: eid, tenant: $tenant, user_id: $user_id})-[r:RELATED]-(:Entity)
  WHERE NOT coalesce(r.scope, 'user') IN $scopes
  RETURN count(DISTINCT r) AS relations
}
RETURN memories, relations
