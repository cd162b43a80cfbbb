MATCH (n)
WHERE n.tenant = $tenant AND (n:User OR n:Session OR n:Entity OR n:Card OR n:Fact OR n:Event OR n:Profile OR n:Tombstone OR n:AgentGrant)
CALL (n) { DETACH DELETE n } IN TRANSACTIONS OF 2000 ROWS
