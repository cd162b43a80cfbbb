MATCH (u:User {tenant: $tenant})
CALL (u) { OPTIONAL MATCH (u)-[:OWNS]->(e:Entity) RETURN count(e) AS entities }
CALL (u) { OPTIONAL MATCH (f:Fact {tenant: u.tenant, user_id: u.user_id}) WHERE f.status IS NOT NULL
           RETURN sum(CASE f.status WHEN 'active' THEN 1 ELSE 0 END) AS active,
                  sum(CASE f.status WHEN 'outdated' THEN 1 ELSE 0 END) AS outdated,
                  sum(CASE f.status WHEN 'archived' THEN 1 ELSE 0 END) AS archived }
CALL (u) { OPTIONAL MATCH (v:Event {tenant: u.tenant, user_id: u.user_id}) WHERE v.occurred_at IS NOT NULL
           RETURN count(v) AS events, sum(CASE v.status WHEN 'archived' THEN 1 ELSE 0 END) AS archived_events }
RETURN count(u) AS users, sum(entities) AS entities, sum(active) AS active_facts, sum(outdated) AS outdated_facts,
       sum(archived) AS archived_facts, sum(events) AS events,
       sum(archived_events) AS archived_events,
       sum(coalesce(u.rejected_greeting, 0)) AS rejected_greeting, sum(coalesce(u.rejected_smalltalk, 0)) AS rejected_smalltalk,
       sum(coalesce(u.rejected_chitchat, 0)) AS rejected_chitchat, sum(coalesce(u.rejected_duplicate, 0)) AS rejected_duplicate,
       sum(coalesce(u.rejected_judge, 0)) AS rejected_judge, sum(coalesce(u.rejected_invalid, 0)) AS rejected_invalid
