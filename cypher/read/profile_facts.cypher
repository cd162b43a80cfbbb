CYPHER replan=skip
MATCH (f:Fact {tenant: $tenant, user_id: $user_id, status: 'active'}) USING INDEX f:Fact(tenant, user_id, status)
WHERE f.speaker IS NULL AND coalesce(f.scope, 'user') = 'user'
MATCH (e:Entity {id: f.entity_id, tenant: $tenant, user_id: $user_id}) USING INDEX e:Entity(id)
OPTIONAL MATCH (f)-[:SUPERSEDES]->(old:Fact)
UNWIND [x IN [f, old] WHERE x IS NOT NULL] AS x
RETURN DISTINCT x.id AS id, x.kind AS kind, x.key AS key, x.value AS value, x.polarity AS polarity,
       x.status AS status, x.valid_from AS valid_from, x.valid_to AS valid_to, x.mention_count AS mention_count,
       x.importance AS importance, x.language AS language, e.name AS entity, coalesce(e.is_self, false) AS is_self,
       x.superseded_by AS superseded_by, x.version AS version
ORDER BY valid_from, version, entity, key, toString(value), polarity   // content breaks ties: the same profile whatever order Neo4j stores them in
