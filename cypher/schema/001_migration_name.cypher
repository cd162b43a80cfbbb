CREATE CONSTRAINT migration_name IF NOT EXISTS FOR (m:GraphmemMigration) REQUIRE m.name IS UNIQUE
