CALL () { UNWIND $ids AS id MATCH (n:Entity|Card|Fact|Event|Session|Profile {id: id})
          WHERE n.tenant = $tenant AND n.user_id = $user_id RETURN count(n) AS nodes }
CALL () { MATCH (:User {tenant: $tenant, user_id: $user_id})-[r:PREFERS|DISLIKES|WANTS]->() WHERE r.fact_id IN $ids
          RETURN count(r) AS edges }
CALL () { MATCH (f:Fact {tenant: $tenant, user_id: $user_id})
          WHERE f.status IS NOT NULL AND (f.superseded_by IN $ids OR f.event_id IN $ids OR f.entity_id IN $ids) RETURN count(f) AS references }
CALL () { OPTIONAL MATCH (u:User {tenant: $tenant, user_id: $user_id}) RETURN count(u) AS users }
RETURN nodes, edges, references, users
