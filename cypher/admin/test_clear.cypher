MATCH (p:Probe {tenant: $tenant}) DETACH DELETE p
