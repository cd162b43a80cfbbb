MATCH (p:Probe {tenant: $tenant}) RETURN count(p) AS n
