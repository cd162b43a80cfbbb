// The user's entities; in an agent's view ($scopes) only those its memory reaches (mentioned, or holding a fact or
// relation, in its scopes), with the mentions it may read (their count and the latest) and a card made from the
// active facts it may read
MATCH (:User {tenant: $tenant, user_id: $user_id})-[:OWNS]->(e:Entity)
WHERE ($type IS NULL OR e.type = $type)
  AND ($scopes IS NULL OR coalesce(e.is_self, false)
      OR EXISTS { (e)<-[:MENTIONS]-(sv:Event) WHERE coalesce(sv.scope, 'user') IN $scopes }
      OR EXISTS { (e)-[:HAS_CARD]->(:Card)-[:HAS_FACT]->(sf:Fact) WHERE coalesce(sf.scope, 'user') IN $scopes }
      OR EXISTS { (e)-[sr:RELATED]-(:Entity) WHERE coalesce(sr.scope, 'user') IN $scopes })
OPTIONAL MATCH (e)-[:HAS_CARD]->(c:Card)
RETURN e.id AS id, e.name AS name, e.type AS type, e.aliases AS aliases,
       CASE WHEN $scopes IS NULL THEN e.mention_count
            ELSE COUNT { (e)<-[:MENTIONS]-(mv:Event) WHERE coalesce(mv.scope, 'user') IN $scopes } END AS mentions,
       CASE WHEN $scopes IS NULL THEN e.last_seen
            ELSE coalesce(head(COLLECT { MATCH (e)<-[:MENTIONS]-(lv:Event) WHERE coalesce(lv.scope, 'user') IN $scopes
                                         RETURN lv.occurred_at AS at ORDER BY at DESC LIMIT 1 }), e.first_seen) END AS last_seen,
       CASE WHEN $scopes IS NULL THEN coalesce(c.summary, '')
            ELSE reduce(t = '', x IN COLLECT { MATCH (c)-[:HAS_FACT]->(cf:Fact {status: 'active'})
                                                WHERE coalesce(cf.scope, 'user') IN $scopes
                                                RETURN coalesce(cf.key, '') + ': ' + coalesce(toStringOrNull(cf.value), '') AS kv ORDER BY kv }
                        | t + CASE WHEN t = '' THEN '' ELSE '; ' END + x) END AS card
ORDER BY last_seen DESC, e.name
LIMIT $limit
