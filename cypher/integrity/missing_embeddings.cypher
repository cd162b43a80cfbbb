MATCH (n:Entity|Fact|Event)
WHERE n.tenant = $tenant AND n.embedding IS NULL AND coalesce(n.status, 'active') <> 'archived'
  AND NOT coalesce(n.is_self, false)
RETURN count(n) AS missing
