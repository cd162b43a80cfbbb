CALL () { MATCH (a)-[r]->(b) WHERE a.tenant = $tenant AND (b.tenant <> a.tenant OR b.user_id <> a.user_id)
          RETURN count(r) AS cross_owner }
CALL () { MATCH (e:Entity)-[:HAS_CARD]->(:Card)-[:HAS_FACT]->(f:Fact) WHERE f.tenant = $tenant AND f.entity_id <> e.id
          RETURN count(f) AS misfiled_facts }
CALL () { MATCH (u:User {tenant: $tenant})-[r:PREFERS|DISLIKES|WANTS]->()
          WHERE NOT EXISTS { MATCH (f:Fact {id: r.fact_id, tenant: u.tenant, user_id: u.user_id}) }
          RETURN count(r) AS preference_without_fact }
RETURN cross_owner, misfiled_facts, preference_without_fact
