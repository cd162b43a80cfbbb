CYPHER replan=skip
UNWIND $rows AS row
WITH row, datetime(row.at) AS at
MATCH (a:Entity {id: row.from_id, tenant: row.tenant, user_id: row.user_id}) USING INDEX a:Entity(id)
MATCH (b:Entity {id: row.to_id, tenant: row.tenant, user_id: row.user_id}) USING INDEX b:Entity(id)
MERGE (a)-[r:RELATED {type: row.type}]->(b)
  ON CREATE SET r.status = 'active', r.valid_from = at, r.recorded_at = datetime(row.recorded_at),
                r.event_id = row.event_id, r.mention_count = 0, r.text = row.text, r.caption = row.type,
                r.agent = row.agent, r.scope = coalesce(row.scope, 'user'),
                r.speaker = row.speaker
SET r.mention_count = r.mention_count + 1,
    r.last_seen = CASE WHEN r.last_seen IS NULL OR at > r.last_seen THEN at ELSE r.last_seen END
