CREATE INDEX fact_slot IF NOT EXISTS FOR (f:Fact) ON (f.entity_id, f.key, f.status)
