CYPHER replan=skip
UNWIND $rows AS row
MATCH (c:Card {id: row.card_id, tenant: row.tenant, user_id: row.user_id})
MERGE (f:Fact {id: row.id, tenant: row.tenant, user_id: row.user_id})
  ON CREATE SET f += row.props, f.embedding = row.embedding
  ON CREATE SET f.valid_from = datetime(f.valid_from), f.valid_to = datetime(f.valid_to),
                f.recorded_at = datetime(f.recorded_at), f.last_seen = datetime(f.last_seen)
MERGE (c)-[:HAS_FACT]->(f)
WITH f, row
OPTIONAL MATCH (v:Event {id: row.event_id, tenant: row.tenant, user_id: row.user_id}) USING INDEX v:Event(id)
FOREACH (_ IN CASE WHEN v IS NULL THEN [] ELSE [1] END | MERGE (f)-[:DERIVED_FROM]->(v))
