MATCH (v:Event {tenant: $tenant, user_id: $user_id, id: $id})
OPTIONAL MATCH (v)-[:DERIVED_FROM]->(src:Event {tenant: $tenant, user_id: $user_id})
WITH coalesce(src, v) AS turn
WITH [turn.id] + COLLECT { MATCH (d:Event {tenant: $tenant, user_id: $user_id})-[:DERIVED_FROM]->(turn)
                           RETURN d.id } AS events
// from the turn's events by id (a small store's statistics once made the planner scan every Fact instead)
OPTIONAL MATCH (g:Fact {tenant: $tenant, user_id: $user_id})-[:DERIVED_FROM]->(said:Event {tenant: $tenant, user_id: $user_id})
USING INDEX said:Event(id)
WHERE said.id IN events
WITH events, g, count {(g)-[:DERIVED_FROM]->(o:Event) WHERE NOT o.id IN events} AS kept
WITH events, collect(DISTINCT CASE WHEN kept = 0 THEN g.id END) AS facts
RETURN [] AS entities, [] AS cards, facts, events, [] AS sessions, [] AS profiles
