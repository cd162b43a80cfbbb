MATCH (:User {tenant: $tenant, user_id: $user_id})-[:OWNS]->(e:Entity {id: $entity_id, tenant: $tenant, user_id: $user_id})
WITH e, e.name AS old
SET e.name = $name, e.caption = $name,
    e.aliases = [a IN coalesce(e.aliases, []) WHERE a <> $name]
                + CASE WHEN old = $name OR old IN coalesce(e.aliases, []) THEN [] ELSE [old] END
SET e.search_names = reduce(s = e.name, a IN e.aliases | s + ' ' + a)
WITH e, old
OPTIONAL MATCH (e)-[:HAS_CARD]->(c:Card)
SET c.name = 'Card: ' + $name, c.caption = 'Card: ' + $name
RETURN e.id AS id, e.name AS name, e.aliases AS aliases, old AS old_name
