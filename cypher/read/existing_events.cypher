// The turns of the batch already in the graph, each looked up under its own owner.
CYPHER replan=skip
UNWIND $rows AS row
MATCH (v:Event {id: row.id, tenant: row.tenant, user_id: row.user_id}) USING INDEX v:Event(id)
RETURN v.id AS id
