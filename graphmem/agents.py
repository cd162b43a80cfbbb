"""One agent's view of a :class:`graphmem.Memory` when several agents serve a user (see :mod:`graphmem.scopes`).

    mem.grants.grant("planner", "travel")                      # kept in the graph, for every process
    planner = mem.agent("planner")                              # writes private notes by default
    planner.add_messages("alice", msgs, session_id="s1", scope="shared")   # all of alice's agents see these
    planner.recall("alice", "where is she flying?")               # user + its private + team travel only

Team membership is read from the graph (:mod:`graphmem.grants`) before each query, so a grant or revoke made
by any process applies here too (within ``grants.CACHE_SECONDS`` when made elsewhere). ``teams=`` narrows the
stored teams for this view (a team it is not granted stays closed). Writes carry the agent and a scope it may
write (else AccessDenied); reads run on a store view whose queries filter on the agent's scopes in their WHERE
clauses, so nothing outside them is fetched. Each recalled memory says which agent learnt it (``agent``, None
for the user's own words), its ``scope`` and when (``when``).
"""

from __future__ import annotations

from dataclasses import replace
from datetime import datetime
from typing import Any

from graphmem import scopes
from graphmem.model import fact_line
from graphmem.recall.retriever import Retriever
from graphmem.recall.types import Recalled


class AgentMemory:
    """``memory`` as agent ``agent`` sees it: the teams the graph grants it (only those of ``teams`` when given);
    ``scope``: where its writes go by default (``private``, ``shared``/``user`` or ``team:<id>``)."""

    def __init__(self, memory, agent: str, *, teams: tuple[str, ...] | list[str] | None = None,
                 scope: str = "private"):
        self.memory = memory
        self.agent = scopes.name(agent, "agent")
        self.only = None if teams is None else frozenset(scopes.name(t, "team") for t in teams)
        self.scope = None
        self.scope = self._writable(scope)   # a team scope is checked against the stored grants now
        self._granted: list[str] | None = None
        self.store = memory.store.scoped(self._scopes_now)
        base = memory.retriever
        self.retriever = _ViewRetriever(self, self.store, memory.settings, embedder=base.embedder,
                                        config=base.config, llm_rewrite=base.llm_rewrite, clock=base._clock)
        memory.follow(self.retriever)   # the writer's commits top its caches up, as they do the memory's own
        self._sessions: dict[tuple[str, str], Any] = {}

    @property
    def teams(self) -> frozenset[str]:
        """The teams this agent reads and writes now: its stored grants, narrowed to ``teams=`` if given."""
        stored = self.memory.grants.teams(self.agent)
        return stored if self.only is None else stored & self.only

    @property
    def grants(self) -> list[str]:
        """The scopes this agent reads and writes now (graphmem.scopes.grants)."""
        return scopes.grants(self.agent, tuple(self.teams))

    def _scopes_now(self) -> list[str]:
        """The scopes a query of this view reads (asked per query). When a grant or revoke changed them, the
        view's recall caches (names, vectors, BM25 statistics: loaded for its scopes only) are dropped first."""
        granted = self.grants
        if granted != self._granted:
            self._granted = granted
            self.retriever.invalidate()
        return granted

    def _writable(self, scope: str | None) -> str:
        chosen = scopes.normalise(self.scope if scope is None else scope, self.agent)
        if chosen.startswith("team:"):   # user and its own private scope are always its to write
            scopes.check_write(chosen, self.grants, self.agent)
        elif chosen not in (scopes.USER, f"agent:{self.agent}"):
            scopes.check_write(chosen, scopes.grants(self.agent), self.agent)
        return chosen

    # -- writing ----------------------------------------------------------------------------------------------
    def add(self, user_id: str, session_id: str, turn_id: int | str, text: str, *, scope: str | None = None,
            **kwargs: Any) -> str:
        """:meth:`graphmem.Memory.add` as this agent, into ``scope`` (default: the agent's)."""
        return self.memory.writer.add(user_id, session_id, turn_id, text, agent=self.agent,
                                      scope=self._writable(scope), **kwargs)

    def add_messages(self, user_id: str, messages: list[dict], *, session_id: str, at: datetime | str | None = None,
                     scope: str | None = None) -> list[str | None]:
        """:meth:`graphmem.Memory.add_messages` as this agent, into ``scope``; an open :meth:`session` of
        ``session_id`` records them in its window."""
        return self.memory.add_messages(user_id, messages, session_id=session_id, at=at, agent=self.agent,
                                        scope=self._writable(scope), session=self._sessions.get((user_id, session_id)))

    def flush(self, timeout: float | None = None) -> bool:
        """:meth:`graphmem.Memory.flush`; then this view's recall sees what was written (its caches are topped up by
        the commits, not dropped)."""
        return self.memory.flush(timeout)

    # -- reading ----------------------------------------------------------------------------------------------
    def recall(self, user_id: str, query: str, k: int = 8, *, explain: bool = False, **kwargs: Any) -> list[Recalled]:
        """The ``k`` memories in this agent's scopes most relevant to ``query``, each with the agent that
        learnt it and its scope (also in ``explanation`` with ``explain=True``)."""
        return self._provenance(user_id, self.retriever.recall(user_id, query, k, explain=explain, **kwargs))

    def session(self, user_id: str, session_id: str, **kwargs: Any):
        """A short-term session whose ``context()`` recalls only from this agent's scopes; feed it with
        :meth:`add_messages` (its own ``add_user_message`` writes as the user, not as this agent)."""
        from graphmem.memory import MemorySession

        key = (user_id, session_id)
        if key not in self._sessions:   # its linker knows only the names this agent's memory reaches
            kwargs.setdefault("known", self._known(user_id))
            self._sessions[key] = MemorySession(self.memory, user_id, session_id, retriever=self.retriever,
                                                **{**self.memory.session_defaults, **kwargs})
        return self._sessions[key]

    def _known(self, user_id: str):
        from graphmem.errors import GraphmemError
        try:
            return self.retriever.gazetteer(user_id, self.memory.settings.tenant)
        except GraphmemError:   # the graph is unreachable: the session starts without names (as Memory's)
            return None

    def _provenance(self, user_id: str, found: list[Recalled]) -> list[Recalled]:
        return provenance(self.store, self.memory.settings.tenant, user_id, found)

    # -- forgetting what it may write ----------------------------------------------------------------------------
    def forget(self, user_id: str, *, dry_run: bool = False, **target: Any):
        """:meth:`graphmem.Memory.forget` (``entity=``, ``event=``, ``fact=`` or ``everything=True``) as this agent:
        only memory in scopes it may write goes. NotFound for an event, fact or entity it cannot read; AccessDenied, with
        nothing deleted, when the forget would delete or change memory outside them (another agent's private
        notes, a team it is not in): the owner's forget (``graphmem forget``) can do that."""
        from graphmem import curate
        from graphmem.errors import AccessDenied, NotFound

        tenant, granted = self.memory.settings.tenant, self.grants
        for kind in ("event", "fact"):
            if isinstance(target.get(kind), str):
                rows = self.store.run("scope/of", {"tenant": tenant, "user_id": user_id, "ids": [target[kind]]})
                if rows and rows[0]["scope"] not in granted:
                    raise NotFound(f"user {user_id!r} has no {kind} {target[kind]!r}")
        if isinstance(target.get("entity"), str):   # an entity its memory does not reach: not found, as a card
            from graphmem.write.reads import card
            card(self.store, user_id, target["entity"])
        plan = curate.forget(self.memory.store, user_id, dry_run=True, **target)
        touched = [i for k in ("facts", "events") for i in plan.planned[k]] + plan.redacted
        out = self.store.run("scope/outside", {"tenant": tenant, "user_id": user_id, "ids": touched,
                                               "entities": plan.planned["entities"], "scopes": granted})[0]
        if out["memories"] or out["relations"]:
            raise AccessDenied(f"agent {self.agent!r} may not forget {plan.target}: it would delete or change "
                               f"{out['memories'] + out['relations']} memories outside the scopes it writes "
                               f"({', '.join(granted)}); the owner can (graphmem forget)")
        if dry_run:
            return plan
        report = self.memory.forget(user_id, **target)
        self.retriever.invalidate(user_id, tenant)
        return report

    # -- the relational API, within this agent's scopes ---------------------------------------------------------
    def card(self, user_id: str, entity: str):
        """An entity's card with only the facts and relations this agent may read (summary made from them)."""
        from dataclasses import replace as _replace

        from graphmem.write.reads import card

        c = card(self.store, user_id, entity)
        return _replace(c, summary="; ".join(fact_line(f.key, f.value, f.polarity) for f in c.facts))

    def history(self, user_id: str, entity: str, attribute: str | None = None):
        from graphmem.write.reads import history
        return history(self.store, user_id, entity, attribute)

    def as_of(self, user_id: str, when: datetime, *, attribute: str | None = None, entity: str | None = None):
        from graphmem.write.reads import as_of
        return as_of(self.store, user_id, when, key=attribute, entity=entity)


class _ViewRetriever(Retriever):
    """An agent view's retriever. Its caches (names, vectors, BM25 statistics) hold only what the view's scopes
    reach, so a change of scopes (a grant or revoke) drops them before they are used."""

    def __init__(self, view: AgentMemory, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._view = view

    def candidates(self, *args: Any, **kwargs: Any):
        self._view._scopes_now()
        return super().candidates(*args, **kwargs)

    def gazetteer(self, *args: Any, **kwargs: Any):
        self._view._scopes_now()
        return super().gazetteer(*args, **kwargs)


def provenance(store, tenant: str, user_id: str, found: list[Recalled]) -> list[Recalled]:
    """``found`` with the agent that learnt each memory and its scope (also in ``explanation``): one query."""
    if not found:
        return found
    rows = {r["id"]: r for r in store.run("scope/of", {"tenant": tenant, "user_id": user_id,
                                                       "ids": [m.id for m in found]})}
    out = []
    for m in found:
        r = rows.get(m.id) or {}
        agent, scope = r.get("agent"), r.get("scope")
        expl = None if m.explanation is None else {**m.explanation, "agent": agent, "scope": scope}
        out.append(replace(m, agent=agent, scope=scope, explanation=expl))
    return out
