CALL () { MATCH (c:Card) WHERE c.tenant = $tenant AND NOT (:Entity)-[:HAS_CARD]->(c) RETURN count(c) AS cards }
CALL () { MATCH (f:Fact) WHERE f.tenant = $tenant AND NOT (:Card)-[:HAS_FACT]->(f) RETURN count(f) AS facts }
CALL () { MATCH (e:Entity) WHERE e.tenant = $tenant AND NOT (:User)-[:OWNS]->(e) RETURN count(e) AS entities }
RETURN cards, facts, entities
