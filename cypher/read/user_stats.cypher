MATCH (u:User {tenant: $tenant, user_id: $user_id})
CALL (u) { OPTIONAL MATCH (u)-[:OWNS]->(e:Entity) RETURN count(e) AS entities }
CALL (u) { OPTIONAL MATCH (f:Fact {tenant: u.tenant, user_id: u.user_id}) WHERE f.status IS NOT NULL RETURN
           sum(CASE f.status WHEN 'active' THEN 1 ELSE 0 END) AS active_facts,
           sum(CASE f.status WHEN 'outdated' THEN 1 ELSE 0 END) AS outdated_facts,
           sum(CASE f.status WHEN 'archived' THEN 1 ELSE 0 END) AS archived_facts }
CALL (u) { OPTIONAL MATCH (v:Event {tenant: u.tenant, user_id: u.user_id}) WHERE v.occurred_at IS NOT NULL
           RETURN count(v) AS events, sum(CASE v.status WHEN 'archived' THEN 1 ELSE 0 END) AS archived_events }
CALL (u) { OPTIONAL MATCH (u)-[:OWNS]->(:Entity)-[r:RELATED]->(:Entity) RETURN count(r) AS relations }
RETURN entities, active_facts, outdated_facts, archived_facts, events, archived_events, relations,
       {greeting: coalesce(u.rejected_greeting, 0), smalltalk: coalesce(u.rejected_smalltalk, 0),
        chitchat: coalesce(u.rejected_chitchat, 0), duplicate: coalesce(u.rejected_duplicate, 0),
        judge: coalesce(u.rejected_judge, 0), invalid: coalesce(u.rejected_invalid, 0)} AS rejected
