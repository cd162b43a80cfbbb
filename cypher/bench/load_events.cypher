UNWIND $rows AS row
CREATE (v:Event {id: row.id, tenant: $tenant, user_id: row.user_id, session_id: row.session_id, turn_id: row.turn_id,
                 role: 'user', kind: row.kind, text: row.text, language: row.language, occurred_at: row.at,
                 recorded_at: row.at, importance: row.importance, quality: 1.0, status: 'active',
                 embedding: row.embedding, name: row.caption, caption: row.caption})
WITH v, row
UNWIND row.mentions AS entity_id
MATCH (e:Entity {id: entity_id, tenant: $tenant, user_id: row.user_id})
CREATE (v)-[:MENTIONS]->(e)
