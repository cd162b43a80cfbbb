"""graphmem as an MCP server, on the official Python SDK (``pip install 'graphmem[mcp]'``; ``graphmem mcp``).

Tools: ``add_messages``, ``context``, ``recall``, ``card``, ``history``, ``as_of``, ``profile``, ``forget``
(deletes only with ``confirm: true``). Resources: ``graphmem://users/{user_id}/profile``,
``graphmem://users/{user_id}/entities`` and ``graphmem://users/{user_id}/entities/{entity}`` (a card).
A GraphmemError becomes a tool error carrying its message (``InputError: messages[1]: 'content' is empty``);
nothing is written by a refused call and the server goes on serving. Everything is scoped to the server's
tenant (``GRAPHMEM_TENANT``). Transports: stdio, and streamable HTTP (see :func:`serve_http`).
"""

from __future__ import annotations

import hmac
import json
import logging
import sys
import threading
from collections import OrderedDict
from dataclasses import asdict, is_dataclass
from datetime import date, datetime
from typing import Annotated, Any, Literal

from mcp.server import MCPServer
from mcp.server.mcpserver.exceptions import ResourceError, ResourceNotFoundError, ToolError
from mcp.types import ToolAnnotations
from pydantic import Field

from graphmem.errors import GraphmemError, InputError, NotFound

log = logging.getLogger("graphmem.mcp")
MAX_SESSIONS = 256   # short-term sessions kept open; the least recently used one is ended beyond this

INSTRUCTIONS = """graphmem is the user's long-term memory (a knowledge graph). Each turn: call `context` with the
user's message to get the prompt layers (recalled memories, summary, session state, recent turns) within a token
budget; answer; then call `add_messages` with the new user and assistant messages so they are remembered. Use
`recall` to look something up, `card`/`history`/`as_of` for what is known about one thing over time, `profile`
for a summary of the user, and `forget` (with confirm: true) only when the user asks to delete memory."""

UserId = Annotated[str, Field(description="The user whose memory this is (exactly as stored; case-sensitive).")]
SessionId = Annotated[str, Field(description="The conversation id; the same id for every turn of one conversation.")]
Entity = Annotated[str, Field(description="A thing the user talks about: its name, an alias ('my laptop') or its id.")]


def plain(value: Any) -> Any:
    """Dataclasses, datetimes and neo4j temporal values as JSON-ready values."""
    if is_dataclass(value) and not isinstance(value, type):
        return plain(asdict(value))
    if isinstance(value, dict):
        return {str(k): plain(v) for k, v in value.items()}
    if isinstance(value, (list, tuple, set)):
        return [plain(v) for v in value]
    if isinstance(value, (str, int, float, bool)) or value is None:
        return value
    if isinstance(value, (datetime, date)):
        return value.isoformat()
    if hasattr(value, "iso_format"):   # neo4j.time.DateTime
        return value.iso_format()
    return str(value)


def _when(value: str, what: str) -> datetime:
    try:
        return datetime.fromisoformat(value)
    except (TypeError, ValueError):
        raise InputError(f"{what} must be an ISO 8601 time such as 2026-03-05T09:30:00+00:00, got {value!r}") from None


class _Sessions:
    """The short-term sessions this server keeps open (the memory's, or an agent view's), least recently used
    ended first."""

    def __init__(self, memory, view=None, limit: int = MAX_SESSIONS) -> None:
        self.memory, self.view, self.limit = memory, view, limit
        self._open: OrderedDict[tuple[str, str], None] = OrderedDict()
        self._lock = threading.Lock()

    def get(self, user_id: str, session_id: str):
        s = (self.view or self.memory).session(user_id, session_id)
        with self._lock:
            self._open[(user_id, session_id)] = None
            self._open.move_to_end((user_id, session_id))
            old = [self._open.popitem(last=False)[0] for _ in range(len(self._open) - self.limit)]
        for key in old:
            self._end(key)
        return s

    def end_user(self, user_id: str) -> None:
        with self._lock:
            keys = [k for k in self._open if k[0] == user_id]
            for k in keys:
                del self._open[k]
        for key in keys:
            self._end(key)

    def _end(self, key: tuple[str, str]) -> None:
        if self.view is None:
            self.memory.end_session(*key)
        else:
            s = self.view._sessions.pop(key, None)
            if s is not None:
                s.flush()


def build(memory, agent: str | None = None, teams: tuple[str, ...] | None = None,
          scope: str = "private") -> MCPServer:
    """The MCP server over ``memory`` (a :class:`graphmem.Memory`); tools run on worker threads. With ``agent``
    it serves that agent, a member of the teams the graph grants it (graphmem.grants; ``teams``: only these of
    them): its writes go to ``scope`` unless a call names another it may write, add_messages, context, recall,
    card, history, as_of read only its scopes (graphmem.scopes), and forget deletes only what it may write."""
    server = MCPServer("graphmem", instructions=INSTRUCTIONS, version=_version())
    view = memory.agent(agent, teams=teams, scope=scope) if agent else None
    reader = view or memory
    sessions = _Sessions(memory, view)
    read_only = ToolAnnotations(read_only_hint=True, destructive_hint=False, idempotent_hint=True,
                                open_world_hint=False)

    def call(fn, *args, **kwargs):
        try:
            return fn(*args, **kwargs)
        except GraphmemError as e:
            raise ToolError(f"{type(e).__name__}: {e}") from None

    @server.tool(annotations=ToolAnnotations(read_only_hint=False, destructive_hint=False, idempotent_hint=True,
                                             open_world_hint=False))
    def add_messages(
        user_id: UserId,
        session_id: SessionId,
        messages: Annotated[list[dict[str, Any]], Field(description=(
            "Chat messages in the OpenAI shape: {role: user|assistant|system|tool, content: text, name?: "
            "participant name, id?: your message id}. A user message with a name is another person (group chat, "
            "another agent). system and tool messages are skipped. Sending the whole conversation again is "
            "safe: messages already stored are not stored twice."))],
        at: Annotated[str | None, Field(description=(
            "ISO 8601 time of the first message (e.g. 2026-03-05T09:30:00+00:00); default now."))] = None,
        wait: Annotated[bool, Field(description=(
            "Return only once the messages are in long-term memory (searchable by recall); default: return at "
            "once while they are written in the background (they are journaled, nothing is lost)."))] = False,
        scope: Annotated[str | None, Field(description=(
            "Who may read them when this server serves an agent: private (its own notes), shared (all of the "
            "user's agents) or team:<id>; default: the server's --scope. Without an agent: shared only."))] = None,
    ) -> dict[str, Any]:
        """Remember chat messages: each is written to the user's long-term memory (facts, preferences, plans,
        people and things are extracted and versioned; small talk is skipped) and to the conversation's recent
        turns. Returns one event id per message (null for skipped system/tool messages)."""
        if _ok_ids(user_id, session_id):   # open first, so the conversation's recent turns get these too
            call(sessions.get, user_id, session_id)
        if view is not None:
            ids = call(view.add_messages, user_id, messages, session_id=session_id, at=at, scope=scope)
        else:
            ids = call(memory.add_messages, user_id, messages, session_id=session_id, at=at, scope=scope)
        out = {"event_ids": ids, "accepted": sum(1 for i in ids if i), "skipped": sum(1 for i in ids if i is None)}
        if wait:
            out["written"] = call(reader.flush, 60)
        return out

    @server.tool(annotations=read_only)
    def context(
        user_id: UserId,
        session_id: SessionId,
        message: Annotated[str, Field(description="The user's message you are about to answer.")],
        budget: Annotated[int, Field(ge=100, le=100_000, description="Token budget for the whole context.")] = 2000,
    ) -> dict[str, Any]:
        """Build the prompt context for answering `message`: recalled long-term memories, a summary of older
        turns, the session state and the recent turns, packed in priority order within `budget` tokens. Pass
        `messages` to your model as is; `long_term` lists the recalled memories, `omitted` what did not fit."""
        def go():
            ctx = sessions.get(user_id, session_id).context(message, budget)
            return {"messages": ctx.messages, "tokens": ctx.tokens, "budget": ctx.budget,
                    "long_term": [m.text for m in ctx.long_term], "omitted": plain(ctx.omitted)}
        return call(go)

    @server.tool(annotations=read_only)
    def recall(
        user_id: UserId,
        query: Annotated[str, Field(description="A question or topic, in any language ('what car do I drive?').")],
        k: Annotated[int, Field(ge=1, le=100, description="How many memories to return.")] = 8,
        explain: Annotated[bool, Field(description="Add why each memory was found: paths and score parts.")] = False,
    ) -> dict[str, Any]:
        """Search the user's long-term memory: the k most relevant memories, best first, as statements about
        the user ('You prefer dark themes; you said so in March'), with status (active, outdated, stale),
        when it was said and who said it."""
        found = call(reader.recall, user_id, query, k, explain=explain)
        keep = ("id", "text", "source_text", "score", "kind", "subject", "key", "value", "status", "when",
                "speaker", "session_id", "agent", "scope") + (("paths", "explanation") if explain else ())
        return {"memories": [{f: plain(getattr(r, f)) for f in keep} for r in found]}

    @server.tool(annotations=read_only)
    def card(user_id: UserId, entity: Entity) -> dict[str, Any]:
        """What is known now about one thing or person: its type, aliases, active attributes and relations."""
        return plain(call(reader.card, user_id, entity))

    @server.tool(annotations=read_only)
    def history(
        user_id: UserId,
        entity: Entity,
        attribute: Annotated[str | None, Field(description="Only this attribute (e.g. 'budget'); default all.")] = None,
    ) -> dict[str, Any]:
        """Every version of an entity's attributes, oldest first, outdated ones included, with when each was
        valid and recorded: how a value changed over time."""
        return {"versions": plain(call(reader.history, user_id, entity, attribute))}

    @server.tool(annotations=read_only)
    def as_of(
        user_id: UserId,
        when: Annotated[str, Field(description="ISO 8601 time, e.g. 2026-03-01 or 2026-03-01T09:00:00+00:00.")],
        entity: Annotated[str | None, Field(description="Only this entity (name, alias or id).")] = None,
        attribute: Annotated[str | None, Field(description="Only this attribute (e.g. 'budget').")] = None,
    ) -> dict[str, Any]:
        """What was true at a point in time: the fact versions valid then (for the whole user, one entity,
        or one attribute)."""
        return {"facts": plain(call(lambda: reader.as_of(user_id, _when(when, "when"), entity=entity,
                                                         attribute=attribute)))}

    @server.tool(annotations=read_only)
    def profile(user_id: UserId) -> dict[str, Any]:
        """The user's profile: a short text of their stable preferences, facts and goals, regenerated from
        the graph."""
        return plain(call(memory.profile, user_id))

    @server.tool(annotations=ToolAnnotations(read_only_hint=False, destructive_hint=True, idempotent_hint=True,
                                             open_world_hint=False))
    def forget(
        user_id: UserId,
        target: Annotated[Literal["entity", "event", "fact", "all"], Field(description=(
            "What to delete: an entity (with its card, facts and the turns that mention it), one event (a turn) "
            "with the facts derived only from it, one fact version, or all of the user's memory."))],
        confirm: Annotated[bool, Field(description="Must be true to delete. Deletion cannot be undone.")] = False,
        id: Annotated[str | None, Field(description="The entity (name, alias or id), event id or fact id; "
                                                    "not used with target 'all'.")] = None,
        dry_run: Annotated[bool, Field(description="Only report what would be deleted.")] = False,
    ) -> dict[str, Any]:
        """Delete memory for good when the user asks for it, then verify nothing of it remains. Deletes only
        with confirm: true; call with dry_run: true first to see what would go. A server for one agent deletes
        only memory that agent may write (never another agent's private notes): AccessDenied otherwise."""
        if not dry_run and confirm is not True:
            raise ToolError("forget deletes memory for good: call it again with confirm: true "
                            "(or dry_run: true to see what would be deleted); nothing was deleted")
        if (target == "all") == bool(id):
            raise ToolError("forget needs an id for target entity, event or fact, and none for 'all'")
        which = {"everything": True} if target == "all" else {target: id}
        report = call(view.forget if view is not None else memory.forget, user_id, dry_run=dry_run, **which)
        if not dry_run:
            sessions.end_user(user_id)
        return {"target": report.target, "dry_run": report.dry_run, "planned": report.planned,
                "remaining": report.remaining}

    @server.resource("graphmem://users/{user_id}/profile", mime_type="application/json",
                     description="The user's profile text, regenerated from their graph.")
    def profile_resource(user_id: str) -> str:
        return _resource(lambda: plain(memory.profile(user_id)))

    @server.resource("graphmem://users/{user_id}/entities", mime_type="application/json",
                     description="The user's entities: id, name, type, aliases and card summary (serving an agent: "
                                 "only those its memory mentions, with what it may read).")
    def entities_resource(user_id: str) -> str:
        from graphmem import curate
        return _resource(lambda: plain(curate.entities(reader.store, user_id)))   # an agent's: only what it reaches

    @server.resource("graphmem://users/{user_id}/entities/{entity}", mime_type="application/json",
                     description="One entity's card: active attributes and relations (entity: name, alias or id).")
    def card_resource(user_id: str, entity: str) -> str:
        return _resource(lambda: plain(reader.card(user_id, entity)))

    return server


def _ok_ids(user_id: Any, session_id: Any) -> bool:
    """True when the ids are good enough to open a session (bad ones are reported by add_messages itself)."""
    from graphmem.write.sanitize import clean_id, owner_id
    try:
        owner_id(user_id, "user_id")
        clean_id(session_id, "session_id")
        return True
    except InputError:
        return False


def _resource(fn) -> str:
    try:
        return json.dumps(fn(), ensure_ascii=False)
    except NotFound as e:
        raise ResourceNotFoundError(str(e)) from None
    except GraphmemError as e:
        raise ResourceError(f"{type(e).__name__}: {e}") from None


def _version() -> str:
    from graphmem import __version__
    return __version__


def serve_stdio(memory, **agent: Any) -> None:
    """Serve over stdin/stdout until the client closes them (``agent``: see :func:`build`)."""
    build(memory, **agent).run("stdio")


class BearerAuth:
    """ASGI middleware: every HTTP request needs ``Authorization: Bearer <token>`` (compared in constant time);
    the token is never read from the URL."""

    def __init__(self, app, token: str) -> None:
        self.app, self._token = app, token.encode()

    async def __call__(self, scope, receive, send) -> None:
        if scope["type"] == "http":
            header = dict(scope.get("headers") or ()).get(b"authorization", b"")
            scheme, _, given = header.partition(b" ")
            if scheme.lower() != b"bearer" or not hmac.compare_digest(given.strip(), self._token):
                body = json.dumps({"error": "unauthorized", "error_description":
                                   "send Authorization: Bearer <token> (GRAPHMEM_MCP_TOKEN)"}).encode()
                await send({"type": "http.response.start", "status": 401,
                            "headers": [(b"content-type", b"application/json"), (b"www-authenticate", b"Bearer"),
                                        (b"content-length", str(len(body)).encode())]})
                await send({"type": "http.response.body", "body": body})
                return
        await self.app(scope, receive, send)


LOOPBACK = ("127.0.0.1", "localhost", "::1")


def http_token(host: str, token: str | None) -> tuple[str | None, bool]:
    """The bearer token the HTTP transport requires, and whether it was generated here: the configured one;
    else a new random one when ``host`` is not a loopback address; else none (local only)."""
    if token:
        return token, False
    if host in LOOPBACK:
        return None, False
    import secrets
    return secrets.token_urlsafe(32), True


def http_app(memory, host: str, token: str | None, path: str = "/mcp", **agent: Any):
    """The streamable HTTP ASGI app, behind :class:`BearerAuth` when ``token`` is set."""
    app = build(memory, **agent).streamable_http_app(streamable_http_path=path, host=host)
    return BearerAuth(app, token) if token else app


def serve_http(memory, host: str = "127.0.0.1", port: int = 8765, token: str | None = None, **agent: Any) -> None:
    """Serve streamable HTTP at ``http://host:port/mcp``. A token is required when one is configured or when
    ``host`` is not loopback (then one is generated and printed once to stderr)."""
    import uvicorn

    token, generated = http_token(host, token)
    if generated:
        print(f"graphmem mcp: bearer token for this server (send 'Authorization: Bearer <token>'; set "
              f"GRAPHMEM_MCP_TOKEN to choose your own): {token}", file=sys.stderr, flush=True)
    print(f"graphmem mcp: serving http://{host}:{port}/mcp ({'bearer token required' if token else 'no auth, local only'})",
          file=sys.stderr, flush=True)
    uvicorn.run(http_app(memory, host, token, **agent), host=host, port=port, log_level="warning")
