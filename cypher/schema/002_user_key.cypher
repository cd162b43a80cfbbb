CREATE CONSTRAINT user_key IF NOT EXISTS FOR (u:User) REQUIRE (u.tenant, u.user_id) IS UNIQUE
