CYPHER replan=skip
UNWIND $rows AS row
WITH row, datetime(row.at) AS at, datetime(coalesce(row.first, row.at)) AS first
MATCH (u:User {tenant: row.tenant, user_id: row.user_id})
MERGE (e:Entity {id: row.id, tenant: row.tenant, user_id: row.user_id})
  ON CREATE SET e.name = row.name, e.caption = row.name, e.type = row.type, e.aliases = [], e.is_self = row.is_self,
                e.first_seen = first, e.last_seen = first, e.mention_count = 0, e.status = 'active',
                e.importance = row.importance, e.quality = row.quality, e.embedding = row.embedding
SET e.aliases = reduce(acc = coalesce(e.aliases, []), a IN row.aliases |
                       CASE WHEN a IN acc OR a = e.name THEN acc ELSE acc + a END),
    e.mention_count = e.mention_count + row.mentions,
    e.type = CASE WHEN coalesce(e.type, '') = '' THEN row.type ELSE e.type END,
    e.last_seen = CASE WHEN at > e.last_seen THEN at ELSE e.last_seen END
SET e.search_names = reduce(s = e.name, a IN e.aliases | s + ' ' + a)
MERGE (u)-[:OWNS]->(e)
MERGE (c:Card {id: row.card_id, tenant: row.tenant, user_id: row.user_id})
  ON CREATE SET c.entity_id = row.id, c.name = 'Card: ' + row.name, c.caption = 'Card: ' + row.name,
                c.summary = '', c.fact_count = 0, c.updated_at = first
MERGE (e)-[:HAS_CARD]->(c)
