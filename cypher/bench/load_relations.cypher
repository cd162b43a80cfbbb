UNWIND $rows AS row
MATCH (a:Entity {id: row.from_id, tenant: $tenant, user_id: row.user_id})
MATCH (b:Entity {id: row.to_id, tenant: $tenant, user_id: row.user_id})
CREATE (a)-[:RELATED {type: row.type, status: 'active', valid_from: row.at, recorded_at: row.at, last_seen: row.at,
                      mention_count: 1, text: row.text, caption: row.type}]->(b)
