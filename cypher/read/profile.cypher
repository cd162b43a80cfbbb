MATCH (p:Profile {id: $id, tenant: $tenant, user_id: $user_id})
RETURN p.text AS text, p.language AS language, p.updated_at AS updated_at, p.fact_count AS fact_count
