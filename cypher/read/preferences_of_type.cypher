// A preference change replaces the user's liked thing of the same kind ("改成原木风" → no longer 北欧风): the
// active positive preference facts whose entity has the given type, other than the new entity.
UNWIND $asks AS a
MATCH (e:Entity {tenant: a.tenant, user_id: a.user_id, type: a.type})
WHERE e.id <> a.entity_id
MATCH (f:Fact {tenant: a.tenant, user_id: a.user_id, entity_id: e.id, kind: 'preference', status: 'active'})
WHERE f.polarity > 0
RETURN a.turn AS turn, a.index AS index, f.id AS id, f.scope AS scope
