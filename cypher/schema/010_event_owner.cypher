CREATE INDEX event_owner IF NOT EXISTS FOR (v:Event) ON (v.tenant, v.user_id, v.occurred_at)
