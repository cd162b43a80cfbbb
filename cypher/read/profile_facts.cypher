MATCH (f:Fact {tenant: $tenant, user_id: $user_id})
WHERE f.status IN ['active', 'outdated']
MATCH (e:Entity {id: f.entity_id, tenant: $tenant, user_id: $user_id})
RETURN f.id AS id, f.kind AS kind, f.key AS key, f.value AS value, f.polarity AS polarity, f.status AS status,
       f.valid_from AS valid_from, f.valid_to AS valid_to, f.mention_count AS mention_count,
       f.importance AS importance, f.language AS language, e.name AS entity, coalesce(e.is_self, false) AS is_self,
       f.superseded_by AS superseded_by
ORDER BY f.valid_from, f.version
