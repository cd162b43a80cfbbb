UNWIND $rows AS row
MATCH (u:User {tenant: $tenant, user_id: row.user_id})
CREATE (e:Entity {id: row.id, tenant: $tenant, user_id: row.user_id, name: row.name, caption: row.name, type: row.type,
                  aliases: row.aliases, search_names: row.search_names, embedding: row.embedding, status: 'active',
                  mention_count: row.mention_count, first_seen: row.first_seen, last_seen: row.last_seen,
                  importance: 0.5, quality: 1.0, is_self: row.is_self})
CREATE (u)-[:OWNS]->(e)
CREATE (e)-[:HAS_CARD]->(:Card {id: row.card_id, tenant: $tenant, user_id: row.user_id, entity_id: row.id,
                                name: 'Card: ' + row.name, caption: 'Card: ' + row.name, summary: '', fact_count: 0,
                                updated_at: row.last_seen})
