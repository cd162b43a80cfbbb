CALL () { MATCH (f:Fact {tenant: $tenant, user_id: $user_id}) RETURN count(f) AS facts }
CALL () { MATCH (v:Event {tenant: $tenant, user_id: $user_id}) RETURN count(v) AS events }
CALL () { MATCH (e:Entity {tenant: $tenant, user_id: $user_id}) RETURN count(e) AS entities }
RETURN facts, events, entities
