MATCH (:User {tenant: $tenant, user_id: $user_id})-[:OWNS]->(e:Entity {id: $entity_id, tenant: $tenant, user_id: $user_id})
SET e.aliases = CASE WHEN $alias IN coalesce(e.aliases, []) OR $alias = e.name THEN e.aliases
                     ELSE coalesce(e.aliases, []) + $alias END
SET e.search_names = reduce(s = e.name, a IN e.aliases | s + ' ' + a)
RETURN e.id AS id, e.name AS name, e.aliases AS aliases
