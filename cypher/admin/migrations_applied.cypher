MATCH (m:GraphmemMigration) RETURN m.name AS name ORDER BY name
