MATCH (f:Fact {tenant: $tenant, user_id: $user_id})
WHERE f.status IS NOT NULL AND (f.superseded_by IN $ids OR f.event_id IN $ids)
SET f.superseded_by = CASE WHEN f.superseded_by IN $ids THEN null ELSE f.superseded_by END,
    f.event_id = CASE WHEN f.event_id IN $ids THEN head([(f)-[:DERIVED_FROM]->(o:Event) | o.id]) ELSE f.event_id END
