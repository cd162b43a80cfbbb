CYPHER replan=skip
UNWIND $ids AS id
OPTIONAL MATCH (f:Fact {id: id}) USING INDEX f:Fact(id)
OPTIONAL MATCH (v:Event {id: id}) USING INDEX v:Event(id)
WITH coalesce(f, v) AS n WHERE n IS NOT NULL
RETURN DISTINCT n.tenant AS tenant, n.user_id AS user_id
