CREATE INDEX tombstone_owner IF NOT EXISTS FOR (t:Tombstone) ON (t.tenant, t.user_id)
