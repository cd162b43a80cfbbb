CYPHER replan=skip
UNWIND $slots AS s
MATCH (f:Fact {entity_id: s.entity_id, key: s.key, tenant: s.tenant, user_id: s.user_id}) USING INDEX f:Fact(entity_id, key, status)
WHERE f.status = 'active' OR (f.status = 'archived' AND f.superseded_by IS NULL)
RETURN f.id AS id, f.entity_id AS entity_id, f.key AS key, f.value AS value, f.polarity AS polarity,
       f.version AS version, f.kind AS kind, f.valid_from AS valid_from, f.status AS status,
       f.text AS text, f.scope AS scope
