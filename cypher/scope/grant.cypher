// Make agent $agent a member of team $team in tenant $tenant (it then reads and writes team:$team memory of the
// tenant's users). Returns whether the grant is new.
OPTIONAL MATCH (old:AgentGrant {id: $tenant + '|' + $agent + '|' + $team})
WITH old IS NULL AS created
MERGE (g:AgentGrant {id: $tenant + '|' + $agent + '|' + $team})
ON CREATE SET g.tenant = $tenant, g.agent = $agent, g.team = $team, g.granted_at = $at,
              g.name = $agent + ' in team ' + $team, g.caption = $agent + ' in team ' + $team
RETURN g.agent AS agent, g.team AS team, g.granted_at AS granted_at, created
