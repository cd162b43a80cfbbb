UNWIND $ids AS id
MATCH (n:Event|Fact {id: id, tenant: $tenant, user_id: $user_id})
RETURN n.id AS id, n.text AS text
