MATCH (u:User {tenant: $tenant})
CALL (u) { OPTIONAL MATCH (u)-[:OWNS]->(e:Entity) RETURN count(e) AS entities }
CALL (u) { OPTIONAL MATCH (f:Fact {tenant: u.tenant, user_id: u.user_id, status: 'active'}) RETURN count(f) AS facts }
CALL (u) { OPTIONAL MATCH (v:Event {tenant: u.tenant, user_id: u.user_id}) WHERE v.occurred_at IS NOT NULL RETURN count(v) AS events }
RETURN u.user_id AS user_id, entities, facts, events, u.last_seen AS last_seen
ORDER BY user_id
