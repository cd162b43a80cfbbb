MATCH (:User {tenant: $tenant, user_id: $user_id})-[:OWNS]->(e:Entity {id: $id})
OPTIONAL MATCH (e)-[:HAS_CARD]->(c:Card)
OPTIONAL MATCH (c)-[:HAS_FACT]->(f:Fact)
WITH e, collect(DISTINCT c.id) AS cards, collect(DISTINCT f.id) AS facts
// and the facts of the user's other cards whose value is the entity ("my pet is Miso", "my sister is Ana")
OPTIONAL MATCH (:User {tenant: $tenant, user_id: $user_id})-[:OWNS]->(:Entity)-[:HAS_CARD]->(:Card)-[:HAS_FACT]->(nf:Fact)
WHERE toLower(toString(nf.value)) IN [n IN [e.name] + coalesce(e.aliases, []) | toLower(n)]
WITH e, cards, facts, collect(DISTINCT nf.id) AS named
WITH e, cards, facts + [x IN named WHERE NOT x IN facts] AS facts
OPTIONAL MATCH (v:Event {tenant: $tenant, user_id: $user_id})-[:MENTIONS]->(e)
OPTIONAL MATCH (v)-[:DERIVED_FROM]->(turn:Event {tenant: $tenant, user_id: $user_id})
WITH e, cards, facts, collect(DISTINCT coalesce(turn, v)) AS turns
// a turn goes only when it is about nothing else: neither it nor its statement events mention another entity
// (the user aside), and no fact derived from them belongs to another entity
WITH e, cards, facts, turns, [t IN turns WHERE
       NOT EXISTS { MATCH (t)<-[:DERIVED_FROM*0..1]-(:Event)-[:MENTIONS]->(o:Entity)
                    WHERE o <> e AND NOT coalesce(o.is_self, false) }
       AND NOT EXISTS { MATCH (t)<-[:DERIVED_FROM*0..1]-(:Event)<-[:DERIVED_FROM]-(g:Fact {tenant: $tenant, user_id: $user_id})
                        WHERE NOT g.id IN facts }] AS only
WITH e, cards, facts, [t IN turns WHERE NOT t IN only | t.id] AS kept, [t IN only | t.id] + COLLECT {
       UNWIND only AS t
       MATCH (d:Event {tenant: $tenant, user_id: $user_id})-[:DERIVED_FROM]->(t)
       RETURN d.id } AS events
OPTIONAL MATCH (g:Fact {tenant: $tenant, user_id: $user_id})-[:DERIVED_FROM]->(src:Event)
USING INDEX src:Event(id)
WHERE src.id IN events AND NOT g.id IN facts
WITH e, cards, facts, events, kept, g, count {(g)-[:DERIVED_FROM]->(o:Event) WHERE NOT o.id IN events} AS held
WITH e, cards, facts, events, kept, collect(DISTINCT CASE WHEN held = 0 THEN g.id END) AS derived
RETURN [e.id] AS entities, cards, facts + derived AS facts, events, [] AS sessions, [] AS profiles, kept,
       [e.name] + coalesce(e.aliases, []) AS names
