MATCH (e:Entity {tenant: $tenant, user_id: $user_id})
WHERE (toLower(e.name) = toLower($name) OR any(a IN e.aliases WHERE toLower(a) = toLower($name)))
  AND ($scopes IS NULL OR coalesce(e.is_self, false)
      OR EXISTS { (e)<-[:MENTIONS]-(sv:Event) WHERE coalesce(sv.scope, 'user') IN $scopes }
      OR EXISTS { (e)-[:HAS_CARD]->(:Card)-[:HAS_FACT]->(sf:Fact) WHERE coalesce(sf.scope, 'user') IN $scopes }
      OR EXISTS { (e)-[sr:RELATED]-(:Entity) WHERE coalesce(sr.scope, 'user') IN $scopes })
RETURN e.id AS id, e.name AS name, e.type AS type, e.aliases AS aliases, e.mention_count AS mention_count
ORDER BY e.mention_count DESC, e.first_seen, e.id
