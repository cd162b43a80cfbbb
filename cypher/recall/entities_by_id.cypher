CYPHER replan=skip
// recall/entities for the entities $ids only (a commit's top-up of the cached names: what it upserted)
MATCH (e:Entity) USING INDEX e:Entity(id)
WHERE e.id IN $ids AND e.tenant = $tenant AND e.user_id = $user_id AND coalesce(e.status, 'active') <> 'archived'
  AND ($scopes IS NULL OR coalesce(e.is_self, false)
      OR EXISTS { (e)<-[:MENTIONS]-(sv:Event) WHERE coalesce(sv.scope, 'user') IN $scopes }
      OR EXISTS { (e)-[:HAS_CARD]->(:Card)-[:HAS_FACT]->(sf:Fact) WHERE coalesce(sf.scope, 'user') IN $scopes }
      OR EXISTS { (e)-[sr:RELATED]-(:Entity) WHERE coalesce(sr.scope, 'user') IN $scopes })
RETURN e.id AS id, e.name AS name, coalesce(e.type, '') AS type, coalesce(e.aliases, []) AS aliases,
       coalesce(e.is_self, false) AS is_self, coalesce(e.mention_count, 0) AS mention_count, e.last_seen.epochMillis AS last_seen
