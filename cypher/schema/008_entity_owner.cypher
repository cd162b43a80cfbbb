CREATE INDEX entity_owner IF NOT EXISTS FOR (e:Entity) ON (e.tenant, e.user_id)
