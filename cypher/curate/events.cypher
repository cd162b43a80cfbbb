MATCH (v:Event {tenant: $tenant, user_id: $user_id})
WHERE v.occurred_at IS NOT NULL AND ($since IS NULL OR v.occurred_at >= $since) AND ($until IS NULL OR v.occurred_at < $until)
  AND ($agent IS NULL OR v.agent = $agent) AND ($scope IS NULL OR coalesce(v.scope, 'user') = $scope)
  AND ($status IS NULL OR v.status = $status)
OPTIONAL MATCH (v)-[:MENTIONS]->(e:Entity)
WITH v, collect(e.name) AS mentions
RETURN v.id AS id, v.occurred_at AS occurred_at, v.session_id AS session_id, v.role AS role, v.speaker AS speaker,
       v.kind AS kind,
       v.text AS text, v.importance AS importance, v.status AS status, mentions, v.agent AS agent,
       coalesce(v.scope, 'user') AS scope
ORDER BY v.occurred_at, v.turn_id
LIMIT $limit
