"""Who may read and write a memory when several agents serve one user. Pure: no I/O.

Every Event, Fact and relation has an owner agent (``agent``, None for the user's own turns) and a ``scope``:

* ``user`` — shared by all of the user's agents (the default; memory written before scopes existed is ``user``);
* ``agent:<id>`` — private to that agent (its working notes);
* ``team:<id>`` — shared by the agents of that team.

An agent reads ``user``, its own ``agent:<id>`` and the teams it belongs to (kept in the graph:
:mod:`graphmem.grants`), and writes only there. The
profile is made from ``user`` facts only; an entity is seen by an agent only when an event, fact or relation in
its scopes reaches it. Reads filter with the ``$scopes`` parameter in the Cypher WHERE clauses (None: no filter,
the owner's and curation's view).
"""

from __future__ import annotations

import re

from graphmem.errors import AccessDenied, InputError

USER = "user"
_NAME = re.compile(r"^[A-Za-z0-9][A-Za-z0-9_.@-]{0,99}$")


def name(value: object, what: str) -> str:
    """An agent or team id: 1–100 characters of letters, digits, ``_ . @ -``."""
    if not isinstance(value, str) or not _NAME.match(value):
        raise InputError(f"{what} must be 1-100 letters, digits or _ . @ - (starting with a letter or digit), "
                         f"got {value!r}")
    return value


def normalise(scope: object, agent: str | None) -> str:
    """The stored scope for a write by ``agent``: ``user``/``shared`` → ``user``; ``private`` → ``agent:<agent>``;
    ``team:<id>`` and ``agent:<agent>`` as given. None → ``user``."""
    if agent is not None:
        agent = name(agent, "agent")
    if scope is None or scope in (USER, "shared"):
        return USER
    if scope == "private":
        if agent is None:
            raise InputError("a private memory needs the agent it belongs to (agent=...)")
        return f"agent:{agent}"
    if isinstance(scope, str) and scope.startswith("team:"):
        return "team:" + name(scope[5:], "team")
    if isinstance(scope, str) and scope.startswith("agent:"):
        return "agent:" + name(scope[6:], "agent")
    raise InputError(f"scope must be user, shared, private, team:<id> or agent:<id>, got {scope!r}")


def grants(agent: str, teams: tuple[str, ...] | list[str] = ()) -> list[str]:
    """The scopes ``agent`` (a member of ``teams``) reads and writes."""
    return [USER, f"agent:{name(agent, 'agent')}", *sorted({f"team:{name(t, 'team')}" for t in teams})]


def check_write(scope: str, granted: list[str], agent: str) -> None:
    """AccessDenied unless ``scope`` is one ``agent`` may write."""
    if scope not in granted:
        raise AccessDenied(f"agent {agent!r} may not write to scope {scope!r} (it writes to {', '.join(granted)})")


def covers(scope: str | None, agent: str | None, older: str | None) -> bool:
    """Whether a new version in ``scope`` written by ``agent`` may outdate an older version in ``older``: only when
    everyone who can read the older one can read the new one, so no reader is left with an outdated fact and
    no current one. ``user`` covers every scope; ``team:<id>`` covers itself and its writer's private scope (the
    writer is a member); ``agent:<id>`` only itself. A narrower fact never outdates a wider one: both stay
    active, and a reader who sees both gets both, each with who said it and when."""
    scope, older = scope or USER, older or USER
    return scope == older or scope == USER or (scope.startswith("team:") and agent is not None
                                               and older == f"agent:{agent}")


def label(agent: str | None, scope: str | None) -> str:
    """How the scope reads in captions and listings: ``planner, private`` / ``planner, team travel`` / ``shared``."""
    scope = scope or USER
    where = "private" if scope.startswith("agent:") else "team " + scope[5:] if scope.startswith("team:") \
        else "shared"
    return f"{agent}, {where}" if agent else where
