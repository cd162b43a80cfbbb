"""Which teams an agent belongs to, kept in the graph: ``(:AgentGrant {tenant, agent, team})``, one node a
membership, per tenant (the workspace). Every process that serves agents of a tenant (an MCP server, a Python
agent, the CLI) reads the same grants, so they cannot disagree about who may read ``team:<id>`` memory.

Reads consult a per-process cache: a grant or revoke made through this process is seen at once; one made by
another process is seen within ``CACHE_SECONDS`` (after that the next read re-reads the agent's grants, one
index seek). An in-process ``teams=`` (:meth:`graphmem.Memory.agent`) can only narrow the stored grants.
"""

from __future__ import annotations

import threading
import time
from datetime import datetime, timezone

from graphmem import scopes
from graphmem.store import Store

CACHE_SECONDS = 5.0   # how stale another process's grant or revoke may be seen here


class Grants:
    """The team memberships of one tenant's agents, cached (see the module docstring). Thread-safe."""

    def __init__(self, store: Store, tenant: str, cache_seconds: float = CACHE_SECONDS) -> None:
        self.store, self.tenant, self.cache_seconds = store, tenant, cache_seconds
        self._cache: dict[str, tuple[float, frozenset[str]]] = {}
        self._changes = 0          # grants/revokes made here: a read that raced one is not cached
        self._lock = threading.Lock()

    def teams(self, agent: str) -> frozenset[str]:
        """The teams ``agent`` belongs to now."""
        now = time.monotonic()
        hit = self._cache.get(agent)
        if hit is not None and now - hit[0] < self.cache_seconds:
            return hit[1]
        changes = self._changes
        teams = frozenset(r["team"] for r in self.store.run("scope/grants", {"tenant": self.tenant, "agent": agent}))
        with self._lock:
            if changes == self._changes:
                self._cache[agent] = (now, teams)
        return teams

    def grant(self, agent: str, team: str) -> dict:
        """Make ``agent`` a member of ``team``; ``created`` says whether it was not one already."""
        row = self.store.run("scope/grant", {"tenant": self.tenant, "agent": scopes.name(agent, "agent"),
                                             "team": scopes.name(team, "team"), "at": datetime.now(timezone.utc)},
                             write=True)[0]
        self._forget(agent)
        return row

    def revoke(self, agent: str, team: str) -> bool:
        """End ``agent``'s membership of ``team``; False if it was not a member."""
        rows = self.store.run("scope/revoke", {"tenant": self.tenant, "agent": scopes.name(agent, "agent"),
                                               "team": scopes.name(team, "team")}, write=True)
        self._forget(agent)
        return bool(rows and rows[0]["removed"])

    def list(self, agent: str | None = None) -> list[dict]:
        """Every membership of the tenant (or of ``agent``): ``agent``, ``team``, ``granted_at``."""
        if agent is not None:
            scopes.name(agent, "agent")
        return self.store.run("scope/grants", {"tenant": self.tenant, "agent": agent})

    def _forget(self, agent: str) -> None:
        with self._lock:
            self._changes += 1
            self._cache.pop(agent, None)
