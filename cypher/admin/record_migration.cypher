MERGE (m:GraphmemMigration {name: $name})
ON CREATE SET m.applied_at = datetime(), m.caption = $name
