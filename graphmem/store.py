"""The one module that talks to Neo4j: named queries, managed transactions, batching, error translation.

Constructors do no I/O; the driver is created (and the ``neo4j`` package imported) on first use.
``Store(settings, http_reads=True)`` sends reads over Neo4j's HTTP Query API instead (no driver import: about
0.3 s less start-up for short-lived processes such as the CLI); writes always use the driver.
"""

from __future__ import annotations

import base64
import copy
import json
import logging
import threading
import time
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from datetime import date, datetime
from typing import TYPE_CHECKING, Any, TypeVar

from graphmem.errors import (AuthError, AuthRateLimited, ConfigError, QueryError, StoreBusy, StoreError,
                             StoreUnavailable)
from graphmem.queries import query
from graphmem.settings import Settings

if TYPE_CHECKING:
    import neo4j

T = TypeVar("T")
logging.getLogger("neo4j").addHandler(logging.NullHandler())  # errors reach callers as exceptions, not log noise
logging.getLogger("neo4j").propagate = False
START_HINT = "start it with `graphmem neo4j up` (or `docker compose -f docker/compose.yml up -d`)"
RETRY_SECONDS = 3.0   # managed transactions retry transient errors this long (the writer has its own back-off)
COOL_DOWN_SECONDS = 0.5   # after Neo4j was found unreachable, calls fail at once for this long, then probe
RATE_LIMIT = "Neo.ClientError.Security.AuthenticationRateLimit"
NO_DATABASE = "Neo.ClientError.Database.DatabaseNotFound"


#: parameters every query may use without each caller passing them: ``scopes`` (see graphmem.scopes) is None,
#: no scope filter, except in an agent's view of the store (:meth:`Store.scoped`)
DEFAULTS: dict[str, Any] = {"scopes": None}


class Tx:
    """A transaction that runs named queries; handed to the functions given to ``Store.read``/``write`` (and,
    over a session whose every statement is its own transaction, ``read_auto``)."""

    def __init__(self, tx: neo4j.ManagedTransaction, defaults: dict[str, Any] = DEFAULTS):
        self._tx, self._defaults = tx, defaults

    def run(self, name: str, params: dict[str, Any] | None = None) -> list[dict[str, Any]]:
        return rows(self._tx.run(query(name), {**self._defaults, **(params or {})}))


_SCALARS = frozenset({str, int, float, bool, type(None)})


def rows(result) -> list[dict[str, Any]]:
    """A result's records as dicts. A record is a tuple: ``dict(zip(keys, record))`` takes half the time of
    ``Record.data()`` (5.2 -> 2.5 ms for recall's 53 rows of 30 values), which only a record holding nodes,
    relationships or paths needs (it turns them into dicts)."""
    from neo4j.graph import Node, Path, Relationship

    graph = (Node, Relationship, Path)

    def holds_graph(v) -> bool:
        t = type(v)
        if t in _SCALARS:                 # most values: no isinstance against the graph classes (ABCs: slow)
            return False
        if t is dict:
            for x in v.values():
                if type(x) not in _SCALARS and holds_graph(x):
                    return True
            return False
        if isinstance(v, graph):
            return True
        if isinstance(v, (list, tuple)):
            return any(holds_graph(x) for x in v)
        if isinstance(v, dict):
            return any(holds_graph(x) for x in v.values())
        return False

    keys = result.keys()
    return [r.data() if any(holds_graph(v) for v in r) else dict(zip(keys, r)) for r in result]


class Store:
    def __init__(self, settings: Settings | None = None, *, http_reads: bool = False):
        self.settings = settings or Settings.from_env()
        self._driver: neo4j.Driver | None = None
        self._lock = threading.Lock()
        self._probe_at: float | None = 0.0   # when to ping before the next call (None: known reachable)
        self._http = HttpReads(self.settings) if http_reads and HttpReads.serves(self.settings) else None
        self.defaults = DEFAULTS
        self._scopes: Callable[[], Iterable[str]] | None = None   # an agent's view: its scopes, asked per query
        self._root: Store | None = None   # the store an agent's view shares its driver with

    @property
    def defaults(self) -> dict[str, Any]:
        """The parameters every query gets (:data:`DEFAULTS`; in an agent's view, its current ``scopes``)."""
        if self._scopes is None:
            return self._defaults
        return {**self._defaults, "scopes": sorted(set(self._scopes()))}

    @defaults.setter
    def defaults(self, value: dict[str, Any]) -> None:
        self._defaults = value

    def scoped(self, scopes: Iterable[str] | Callable[[], Iterable[str]]) -> "Store":
        """A view of this store whose queries read only memory in ``scopes`` (``$scopes`` in their WHERE
        clauses; see graphmem.scopes); a callable is asked before each query (grants that change while the
        view lives). It shares this store's driver; closing it closes nothing."""
        view = copy.copy(self)
        view._lock, view._http, view._driver, view._root = threading.Lock(), None, None, self._root or self
        fixed = sorted(set(scopes)) if not callable(scopes) else None
        view._scopes = scopes if callable(scopes) else (lambda: fixed)
        return view

    # -- connection -------------------------------------------------------------------------------
    @property
    def driver(self) -> neo4j.Driver:
        if self._root is not None:
            return self._root.driver
        if self._driver is None:
            with self._lock:
                if self._driver is None:
                    import neo4j

                    s = self.settings
                    self._driver = neo4j.GraphDatabase.driver(
                        s.neo4j_uri,
                        auth=(s.neo4j_user, s.resolved_password()),
                        connection_timeout=5.0,
                        max_transaction_retry_time=RETRY_SECONDS,
                        notifications_min_severity="OFF",
                    )
        return self._driver

    def close(self) -> None:
        if self._http is not None:
            self._http.close()
        if self._driver is not None:
            self._driver.close()
            self._driver = None

    def __enter__(self) -> "Store":
        return self

    def __exit__(self, *exc) -> None:
        self.close()

    # -- running ----------------------------------------------------------------------------------
    def read(self, work: Callable[[Tx], T], *, database: str | None = None) -> T:
        """Run ``work(tx)`` in a managed read transaction (retried on transient errors). With ``http_reads``,
        each statement is its own read request over HTTP (falling back to the driver if HTTP does not answer)."""
        if self._http is not None:
            try:
                return work(self._http.tx(database or self.settings.database, self.defaults))
            except HttpUnavailable:
                self._http = None   # e.g. only Bolt is exposed: the driver from now on
        with self._session(database) as session:
            return session.execute_read(lambda tx: work(Tx(tx, self.defaults)))

    def read_auto(self, work: Callable[[Tx], T], *, database: str | None = None) -> T:
        """Like :meth:`read`, but each statement runs in its own auto-commit read transaction: one round trip
        (RUN+PULL) a statement instead of BEGIN ... COMMIT, for the latency-bound reads of recall whose
        statements need no common snapshot. A transient failure runs ``work`` again in :meth:`read` (retried)."""
        if self._http is not None:
            return self.read(work, database=database)
        try:
            with self._session(database, read=True) as session:
                return work(Tx(session, self.defaults))   # a session runs each in its own auto-commit transaction
        except StoreBusy:
            return self.read(work, database=database)

    def write(self, work: Callable[[Tx], T], *, database: str | None = None) -> T:
        """Run ``work(tx)`` in a managed write transaction (retried on transient errors)."""
        with self._session(database) as session:
            return session.execute_write(lambda tx: work(Tx(tx, self.defaults)))

    def run(self, name: str, params: dict[str, Any] | None = None, *, write: bool = False,
            database: str | None = None) -> list[dict[str, Any]]:
        """One named query in its own managed transaction (a read transaction unless ``write``: a cluster
        serves it from a secondary); returns the records as dicts. Without ``database``, the database of the
        ``tenant`` parameter (``Settings.tenant_databases``), else of the settings' tenant."""
        work = lambda tx: tx.run(name, params)  # noqa: E731
        database = database or self._database_of(params)
        return self.write(work, database=database) if write else self.read(work, database=database)

    def run_auto(self, name: str, params: dict[str, Any] | None = None, *,
                 database: str | None = None) -> list[dict[str, Any]]:
        """One named query in an auto-commit transaction (schema and admin statements need this)."""
        with self._session(database or self._database_of(params)) as session:
            return rows(session.run(query(name), {**self.defaults, **(params or {})}))

    def batch(self, name: str, rows: Iterable[dict[str, Any]], *, size: int = 500, **params: Any) -> int:
        """Send ``rows`` to a query that starts with ``UNWIND $rows AS row``, ``size`` rows a transaction."""
        count = 0
        for chunk in _chunks(rows, size):
            self.run(name, {"rows": chunk, **params}, write=True)
            count += len(chunk)
        return count

    def explain(self, name: str, params: dict[str, Any] | None = None, *, fresh: bool = False,
                database: str | None = None) -> dict:
        """Ask the server to plan (not run) a named query and return the plan; raises QueryError if it does not
        compile. ``fresh``: planned on the store as it is now, not taken from the plan cache (the statement's own
        ``replan`` option replaced by ``replan=force``)."""
        text = query(name)
        prefix = "EXPLAIN "   # prefixes only; the statement text still comes from the file
        if fresh:
            text = "\n".join(line for line in text.splitlines() if not line.startswith("CYPHER replan="))
            prefix = "CYPHER replan=force EXPLAIN "
        with self._session(database) as session:
            return session.run(prefix + text, params or {}).consume().plan

    def ping(self) -> None:
        """``RETURN 1`` once, without retries; raises StoreUnavailable/AuthError at once."""
        self.run_auto("admin/ping")

    def server_info(self) -> dict[str, str]:
        """Address, agent and protocol of the server; proves it answers."""
        with self._translate():
            info = self.driver.get_server_info()
            return {"address": str(info.address), "agent": info.agent, "protocol": ".".join(map(str, info.protocol_version))}

    # -- internals --------------------------------------------------------------------------------
    def _database_of(self, params: dict[str, Any] | None) -> str | None:
        tenant = (params or {}).get("tenant")
        return self.settings.database_for(tenant) if self.settings.tenant_databases and isinstance(tenant, str) \
            else None

    @contextmanager
    def _session(self, database: str | None, read: bool = False) -> Iterator[neo4j.Session]:
        with self._translate():
            self._probe()
            with self.driver.session(database=database or self.settings.database,
                                     **({"default_access_mode": "READ"} if read else {})) as session:
                yield session

    @contextmanager
    def _translate(self) -> Iterator[None]:
        """Driver errors become graphmem errors. While Neo4j is known to be down, fail at once (no caller
        on the user's path should wait for connection retries)."""
        from neo4j import exceptions as neo

        uri = self.settings.neo4j_uri
        try:
            yield
        except neo.AuthError as e:
            raise AuthError(f"Neo4j at {uri} refused the credentials for user {self.settings.neo4j_user!r}: "
                            f"check GRAPHMEM_NEO4J_PASSWORD ({e.message})") from None
        except (neo.ServiceUnavailable, neo.SessionExpired, OSError) as e:
            self._probe_at = time.monotonic() + COOL_DOWN_SECONDS
            raise StoreUnavailable(f"Neo4j is not reachable at {uri}: {START_HINT}") from e
        except neo.Neo4jError as e:
            if e.code == NO_DATABASE:   # a setup fault (the writer keeps turns journaled), not a bad statement
                raise ConfigError(f"Neo4j at {uri} has no such database ({e.message}); check GRAPHMEM_NEO4J_DATABASE "
                                  f"and GRAPHMEM_TENANT_DATABASES") from None
            if e.code == RATE_LIMIT:
                raise AuthRateLimited(f"Neo4j at {uri} refuses logins for user {self.settings.neo4j_user!r} for a "
                                      f"while after repeated failed attempts (authentication rate limit; "
                                      f"another process may hold a wrong password)") from None
            if isinstance(e, neo.TransientError):
                raise StoreBusy(f"Neo4j is busy (transient error outlasted {RETRY_SECONDS:.0f}s of retries): "
                                f"{e.code}: {e.message}") from None
            raise QueryError(f"Neo4j rejected a statement: {e.code}: {e.message}") from None
        except neo.DriverError as e:
            raise StoreError(f"Neo4j driver error at {uri}: {e}") from e

    def _probe(self) -> None:
        """Before the first call and after an outage, one ping without retries (failing at once during the
        cool-down), so a managed transaction never spends its retry time on a server that is down."""
        if self._probe_at is None:
            return
        if time.monotonic() < self._probe_at:   # not a new failure: must not push the next probe further out
            raise StoreUnavailable(f"Neo4j is not reachable at {self.settings.neo4j_uri} (checked moments ago): "
                                   f"{START_HINT}")
        from neo4j import exceptions as neo

        try:
            with self.driver.session(database=self.settings.database) as session:
                session.run(query("admin/ping")).consume()
        except neo.Neo4jError:
            pass  # the server answered (e.g. credentials to change): the real call reports its own error
        self._probe_at = None


def _chunks(rows: Iterable[dict[str, Any]], size: int) -> Iterator[list[dict[str, Any]]]:
    chunk: list[dict[str, Any]] = []
    for row in rows:
        chunk.append(row)
        if len(chunk) >= size:
            yield chunk
            chunk = []
    if chunk:
        yield chunk


# -- reads over HTTP ----------------------------------------------------------------------------------

class HttpUnavailable(Exception):
    """Internal: the HTTP Query API did not answer; the Store falls back to the driver."""


class HttpReads:
    """Read-only named queries over Neo4j's HTTP Query API (``POST /db/<db>/query/v2``, typed JSON) at the
    Bolt host and ``settings.http_port``. Rows come back as the driver's ``Record.data()`` would give them,
    except that times are Python ``datetime``/``date`` and a relationship is its properties."""

    def __init__(self, settings: Settings):
        self.settings = settings

    @staticmethod
    def serves(settings: Settings) -> bool:
        """Only plain ``bolt://``/``neo4j://`` servers (TLS setups such as Aura keep to the driver)."""
        return settings.neo4j_uri.split("://", 1)[0] in ("bolt", "neo4j")

    def tx(self, database: str, defaults: dict[str, Any] | None = None) -> "HttpTx":
        return HttpTx(self, database, defaults)

    def close(self) -> None:
        pass   # one connection per request

    def run(self, database: str, name: str, params: dict[str, Any] | None) -> list[dict[str, Any]]:
        from urllib.parse import quote

        s = self.settings
        body = json.dumps({"statement": query(name), "accessMode": "READ",
                           "parameters": {k: _typed(v) for k, v in (params or {}).items()}}).encode()
        token = base64.b64encode(f"{s.neo4j_user}:{s.resolved_password()}".encode()).decode()
        host = s.bolt_host_port[0]
        head = (f"POST /db/{quote(database, safe='')}/query/v2 HTTP/1.1\r\nHost: {host}:{s.http_port}\r\n"
                f"Content-Type: application/vnd.neo4j.query\r\nAccept: application/vnd.neo4j.query\r\n"
                f"Authorization: Basic {token}\r\nContent-Length: {len(body)}\r\nConnection: close\r\n\r\n")
        status, raw = _post(host, s.http_port, head.encode() + body)
        try:
            answer = json.loads(raw)
        except ValueError:
            raise HttpUnavailable(f"HTTP {status}: not a Query API answer") from None
        errors = answer.get("errors") if isinstance(answer, dict) else None
        if errors:
            code, message = errors[0].get("code", ""), errors[0].get("message", "")
            if code == RATE_LIMIT:
                raise AuthRateLimited(f"Neo4j at {s.neo4j_uri} refuses logins for user {s.neo4j_user!r} for a while "
                                      f"after repeated failed attempts (authentication rate limit)")
            if status in (401, 403) or code.startswith("Neo.ClientError.Security.Unauthorized"):
                raise AuthError(f"Neo4j at {s.neo4j_uri} refused the credentials for user {s.neo4j_user!r}: "
                                f"check GRAPHMEM_NEO4J_PASSWORD ({message})")
            if code.startswith("Neo.TransientError"):
                raise StoreBusy(f"Neo4j is busy: {code}: {message}")
            raise QueryError(f"Neo4j rejected a statement: {code}: {message}")
        if status not in (200, 202) or not isinstance(answer, dict) or "data" not in answer:
            raise HttpUnavailable(f"HTTP {status}: not a Query API answer")
        fields = answer["data"]["fields"]
        return [dict(zip(fields, map(_native_value, row))) for row in answer["data"]["values"]]


def _post(host: str, port: int, request: bytes) -> tuple[int, bytes]:
    """One HTTP/1.1 exchange on its own connection (http.client and ssl cost the CLI ~30 ms to import):
    ``(status, body)``; HttpUnavailable when nothing answers like an HTTP server."""
    import socket

    try:
        with socket.create_connection((host, port), timeout=5) as sock:
            sock.settimeout(300)
            sock.sendall(request)
            chunks = []
            while data := sock.recv(65536):
                chunks.append(data)
    except OSError as e:
        raise HttpUnavailable(str(e)) from None
    head, sep, body = b"".join(chunks).partition(b"\r\n\r\n")
    lines = head.decode("latin-1").split("\r\n")
    try:
        status = int(lines[0].split()[1])
    except (IndexError, ValueError):
        raise HttpUnavailable("not an HTTP answer") from None
    if not sep:
        raise HttpUnavailable(f"HTTP {status}: truncated answer")
    if any(h.lower().replace(" ", "") == "transfer-encoding:chunked" for h in lines[1:]):
        out, rest = [], body
        while rest:
            size_line, _, rest = rest.partition(b"\r\n")
            size = int(size_line.split(b";")[0] or b"0", 16)
            if size == 0:
                break
            out.append(rest[:size])
            rest = rest[size + 2:]
        body = b"".join(out)
    return status, body


class HttpTx:
    """The ``Tx`` of an HTTP read: each statement is its own read request."""

    def __init__(self, http: HttpReads, database: str, defaults: dict[str, Any] | None = None):
        self._http, self._database, self._defaults = http, database, defaults or {}

    def run(self, name: str, params: dict[str, Any] | None = None) -> list[dict[str, Any]]:
        return self._http.run(self._database, name, {**self._defaults, **(params or {})})


def _typed(v: Any) -> dict[str, Any]:
    """A parameter in the Query API's typed JSON."""
    if v is None:
        return {"$type": "Null", "_value": None}
    if hasattr(v, "to_native"):          # the driver's time types
        v = v.to_native()
    elif hasattr(v, "tolist"):           # numpy arrays and scalars
        v = v.tolist()
    if isinstance(v, bool):
        return {"$type": "Boolean", "_value": v}
    if isinstance(v, int):
        return {"$type": "Integer", "_value": str(v)}
    if isinstance(v, float):
        return {"$type": "Float", "_value": repr(v)}
    if isinstance(v, str):
        return {"$type": "String", "_value": v}
    if isinstance(v, datetime):
        return {"$type": "OffsetDateTime" if v.tzinfo else "LocalDateTime", "_value": v.isoformat()}
    if isinstance(v, date):
        return {"$type": "Date", "_value": v.isoformat()}
    if isinstance(v, dict):
        return {"$type": "Map", "_value": {str(k): _typed(x) for k, x in v.items()}}
    if isinstance(v, (list, tuple, set, frozenset)):
        return {"$type": "List", "_value": [_typed(x) for x in v]}
    raise QueryError(f"cannot send a {type(v).__name__} as a query parameter")


def _native_value(v: dict[str, Any]) -> Any:
    """A typed-JSON value as a Python value."""
    t, x = v["$type"], v["_value"]
    if t == "Integer":
        return int(x)
    if t == "Float":
        return float(x)
    if t == "List" or t == "Path":
        return [_native_value(i) for i in x]
    if t == "Map":
        return {k: _native_value(i) for k, i in x.items()}
    if t in ("Node", "Relationship"):
        return {k: _native_value(i) for k, i in x["_properties"].items()}
    if t in ("OffsetDateTime", "ZonedDateTime", "LocalDateTime"):
        return datetime.fromisoformat(x.split("[", 1)[0])
    if t == "Date":
        return date.fromisoformat(x)
    return x   # Null, Boolean, String; Time, Duration, Point and Base64 stay text
