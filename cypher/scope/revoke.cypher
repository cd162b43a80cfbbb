// End agent $agent's membership of team $team in tenant $tenant; returns how many grants were removed (0 or 1).
OPTIONAL MATCH (g:AgentGrant {id: $tenant + '|' + $agent + '|' + $team})
WITH g, count(g) AS removed
DETACH DELETE g
RETURN removed
