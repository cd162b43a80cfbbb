MATCH (:User {tenant: $tenant, user_id: $user_id})-[:OWNS]->(e:Entity {id: $id, tenant: $tenant, user_id: $user_id})
OPTIONAL MATCH (e)-[:HAS_CARD]->(c:Card {tenant: $tenant, user_id: $user_id})
OPTIONAL MATCH (c)-[:HAS_FACT]->(f:Fact {tenant: $tenant, user_id: $user_id})
OPTIONAL MATCH (v:Event {tenant: $tenant, user_id: $user_id})-[:MENTIONS]->(e)
OPTIONAL MATCH (v)-[:DERIVED_FROM]->(turn:Event {tenant: $tenant, user_id: $user_id})
WITH e, collect(DISTINCT c.id) AS cards, collect(DISTINCT f.id) AS facts, collect(DISTINCT coalesce(turn, v)) AS turns
WITH e, cards, facts, [t IN turns | t.id] + COLLECT {
       UNWIND turns AS t
       MATCH (d:Event {tenant: $tenant, user_id: $user_id})-[:DERIVED_FROM]->(t)
       RETURN d.id } AS events
OPTIONAL MATCH (g:Fact {tenant: $tenant, user_id: $user_id})-[:DERIVED_FROM]->(src:Event {tenant: $tenant, user_id: $user_id})
WHERE src.id IN events AND NOT g.id IN facts
WITH e, cards, facts, events, g, count {(g)-[:DERIVED_FROM]->(o:Event) WHERE NOT o.id IN events} AS kept
WITH e, cards, facts, events, collect(DISTINCT CASE WHEN kept = 0 THEN g.id END) AS derived
RETURN [e.id] AS entities, cards, facts + derived AS facts, events, [] AS sessions, [] AS profiles
