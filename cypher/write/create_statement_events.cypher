CYPHER replan=skip
UNWIND $rows AS row
MATCH (s:Session {id: row.session_key, tenant: row.tenant, user_id: row.user_id})
MATCH (src:Event {id: row.source_id, tenant: row.tenant, user_id: row.user_id}) USING INDEX src:Event(id)
MERGE (v:Event {id: row.id, tenant: row.tenant, user_id: row.user_id})
  ON CREATE SET v += row.props, v.embedding = row.embedding
  ON CREATE SET v.occurred_at = datetime(v.occurred_at), v.recorded_at = datetime(v.recorded_at),
                v.happened_at = datetime(v.happened_at)
MERGE (s)-[:HAS_EVENT]->(v)
MERGE (v)-[:DERIVED_FROM]->(src)
WITH v, row
UNWIND row.mentions AS entity_id
MATCH (e:Entity {id: entity_id, tenant: row.tenant, user_id: row.user_id}) USING INDEX e:Entity(id)
MERGE (v)-[:MENTIONS]->(e)
