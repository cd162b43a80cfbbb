MATCH (u:User {tenant: $tenant, user_id: $user_id})-[:OWNS]->(a:Entity {id: $a, tenant: $tenant, user_id: $user_id})
MATCH (u)-[:OWNS]->(b:Entity {id: $b, tenant: $tenant, user_id: $user_id})
OPTIONAL MATCH (b)-[:HAS_CARD]->(cb:Card)
OPTIONAL MATCH (a)-[:HAS_CARD]->(ca:Card)
RETURN a {.aliases, .mention_count, .first_seen, .last_seen, .search_names} AS a_props,
       properties(b) AS b_props, properties(cb) AS card_props,
       [(cb)-[:HAS_FACT]->(f:Fact) | f.id] AS facts,
       [(cb)-[:HAS_FACT]->(f:Fact) | coalesce(b.name + ': ', '') + f.key + ' = ' + toString(f.value)
                                     + ' [' + f.status + ']'] AS fact_texts,
       [(ca)-[:HAS_FACT]->(f:Fact {status: 'active'}) | f {.id, .status, .valid_to, .superseded_by}]
         + [(cb)-[:HAS_FACT]->(f:Fact {status: 'active'}) | f {.id, .status, .valid_to, .superseded_by}] AS active,
       [(v:Event)-[:MENTIONS]->(b) WHERE v.tenant = $tenant AND v.user_id = $user_id
          | {event: v.id, both: EXISTS { (v)-[:MENTIONS]->(a) }}] AS mentions,
       [(u)-[r:PREFERS|DISLIKES|WANTS]->(b) | r.fact_id] AS preferences,
       [(b)-[r:RELATED]->(x:Entity) WHERE x <> a | {other: x.id, name: x.name, props: properties(r)}] AS related_out,
       [(x:Entity)-[r:RELATED]->(b) WHERE x <> a | {other: x.id, name: x.name, props: properties(r)}] AS related_in,
       [(b)-[r:RELATED]->(a) | properties(r)] AS b_to_a, [(a)-[r:RELATED]->(b) | properties(r)] AS a_to_b
