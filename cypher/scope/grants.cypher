// The team memberships of tenant $tenant (of agent $agent only, when given), agent then team.
MATCH (g:AgentGrant {tenant: $tenant})
WHERE $agent IS NULL OR g.agent = $agent
RETURN g.agent AS agent, g.team AS team, g.granted_at AS granted_at
ORDER BY agent, team
