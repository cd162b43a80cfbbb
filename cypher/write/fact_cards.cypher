// The card of each fact a batch supersedes by id (a liked thing replaced by another of its kind lives on another
// entity's card, which is refreshed with the superseding turn).
CYPHER replan=skip
UNWIND $rows AS row
MATCH (f:Fact {id: row.id, tenant: row.tenant, user_id: row.user_id}) USING INDEX f:Fact(id)
MATCH (c:Card)-[:HAS_FACT]->(f)
RETURN f.id AS id, c.id AS card_id, c.tenant AS tenant, c.user_id AS user_id
