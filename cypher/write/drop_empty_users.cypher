// A user whose every turn in the batch was forgotten meanwhile: the lock must not leave an empty User behind.
UNWIND $rows AS row
MATCH (u:User {tenant: row.tenant, user_id: row.user_id})
WHERE NOT (u)--() AND all(k IN keys(u) WHERE NOT k STARTS WITH 'rejected_')
DELETE u
