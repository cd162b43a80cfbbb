// The agent that wrote each of the memories $ids (facts, events; relations carry theirs on the edge) and its scope.
UNWIND $ids AS id
OPTIONAL MATCH (n:Fact|Event {id: id, tenant: $tenant, user_id: $user_id})
WITH id, n
OPTIONAL MATCH (a:Entity {tenant: $tenant, user_id: $user_id})-[r:RELATED]->(b:Entity {tenant: $tenant, user_id: $user_id})
WHERE n IS NULL AND a.id + '|' + r.type + '|' + b.id = id
RETURN id, coalesce(n.agent, r.agent) AS agent, coalesce(n.scope, r.scope, 'user') AS scope
