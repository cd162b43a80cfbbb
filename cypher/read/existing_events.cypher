UNWIND $ids AS id
MATCH (v:Event {id: id})
RETURN v.id AS id
