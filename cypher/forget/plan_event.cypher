MATCH (v:Event {tenant: $tenant, user_id: $user_id, id: $id})
OPTIONAL MATCH (g:Fact)-[:DERIVED_FROM]->(v)
WITH v, g, count {(g)-[:DERIVED_FROM]->(o:Event) WHERE o <> v} AS kept
WITH v, collect(DISTINCT CASE WHEN kept = 0 THEN g.id END) AS facts
RETURN [] AS entities, [] AS cards, facts, [v.id] AS events, [] AS sessions, [] AS profiles
