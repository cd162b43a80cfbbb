CREATE INDEX fact_owner IF NOT EXISTS FOR (f:Fact) ON (f.tenant, f.user_id, f.status)
