UNWIND $rows AS row
MATCH (c:Card {id: row.card_id, tenant: $tenant, user_id: row.user_id})
CREATE (f:Fact {id: row.id, tenant: $tenant, user_id: row.user_id, entity_id: row.entity_id, kind: row.kind,
                key: row.key, value: row.value, polarity: row.polarity, text: row.text, status: row.status,
                version: row.version, valid_from: row.valid_from, valid_to: row.valid_to, recorded_at: row.valid_from,
                last_seen: row.last_seen, mention_count: row.mention_count, importance: row.importance, quality: 1.0,
                language: row.language, session_id: row.session_id, turn_id: row.turn_id, event_id: row.event_id,
                superseded_by: row.superseded_by, embedding: row.embedding, name: row.caption, caption: row.caption})
CREATE (c)-[:HAS_FACT]->(f)
WITH f, row
OPTIONAL MATCH (v:Event {id: row.event_id, tenant: $tenant, user_id: row.user_id})
FOREACH (_ IN CASE WHEN v IS NULL THEN [] ELSE [1] END | CREATE (f)-[:DERIVED_FROM]->(v))
WITH f, row
OPTIONAL MATCH (old:Fact {id: row.superseded_by, tenant: $tenant, user_id: row.user_id})
FOREACH (_ IN CASE WHEN old IS NULL THEN [] ELSE [1] END | CREATE (old)-[:SUPERSEDES]->(f))
