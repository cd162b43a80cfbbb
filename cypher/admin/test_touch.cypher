UNWIND $rows AS row
MERGE (p:Probe {id: row.id})
SET p.tenant = $tenant, p.name = row.name
