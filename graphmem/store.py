"""The one module that talks to Neo4j: named queries, managed transactions, batching, error translation.

Constructors do no I/O; the driver is created on first use.
"""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from typing import Any, TypeVar

import neo4j
from neo4j import exceptions as neo

from graphmem.errors import AuthError, AuthRateLimited, QueryError, StoreBusy, StoreError, StoreUnavailable
from graphmem.queries import query
from graphmem.settings import Settings

T = TypeVar("T")
logging.getLogger("neo4j").addHandler(logging.NullHandler())  # errors reach callers as exceptions, not log noise
logging.getLogger("neo4j").propagate = False
START_HINT = "start it with `graphmem neo4j up` (or `docker compose -f docker/compose.yml up -d`)"
RETRY_SECONDS = 3.0   # managed transactions retry transient errors this long (the writer has its own back-off)
COOL_DOWN_SECONDS = 0.5   # after Neo4j was found unreachable, calls fail at once for this long, then probe
RATE_LIMIT = "Neo.ClientError.Security.AuthenticationRateLimit"


class Tx:
    """A transaction that runs named queries; handed to the functions given to ``Store.read``/``write``."""

    def __init__(self, tx: neo4j.ManagedTransaction):
        self._tx = tx

    def run(self, name: str, params: dict[str, Any] | None = None) -> list[dict[str, Any]]:
        return [r.data() for r in self._tx.run(query(name), params or {})]


class Store:
    def __init__(self, settings: Settings | None = None):
        self.settings = settings or Settings.from_env()
        self._driver: neo4j.Driver | None = None
        self._lock = threading.Lock()
        self._probe_at: float | None = 0.0   # when to ping before the next call (None: known reachable)

    # -- connection -------------------------------------------------------------------------------
    @property
    def driver(self) -> neo4j.Driver:
        if self._driver is None:
            with self._lock:
                if self._driver is None:
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
        if self._driver is not None:
            self._driver.close()
            self._driver = None

    def __enter__(self) -> "Store":
        return self

    def __exit__(self, *exc) -> None:
        self.close()

    # -- running ----------------------------------------------------------------------------------
    def read(self, work: Callable[[Tx], T], *, database: str | None = None) -> T:
        """Run ``work(tx)`` in a managed read transaction (retried on transient errors)."""
        with self._session(database) as session:
            return session.execute_read(lambda tx: work(Tx(tx)))

    def write(self, work: Callable[[Tx], T], *, database: str | None = None) -> T:
        """Run ``work(tx)`` in a managed write transaction (retried on transient errors)."""
        with self._session(database) as session:
            return session.execute_write(lambda tx: work(Tx(tx)))

    def run(self, name: str, params: dict[str, Any] | None = None, *, write: bool = False,
            database: str | None = None) -> list[dict[str, Any]]:
        """One named query in its own managed transaction; returns the records as dicts."""
        work = lambda tx: tx.run(name, params)  # noqa: E731
        return self.write(work, database=database) if write else self.read(work, database=database)

    def run_auto(self, name: str, params: dict[str, Any] | None = None, *,
                 database: str | None = None) -> list[dict[str, Any]]:
        """One named query in an auto-commit transaction (schema and admin statements need this)."""
        with self._session(database) as session:
            return [r.data() for r in session.run(query(name), params or {})]

    def batch(self, name: str, rows: Iterable[dict[str, Any]], *, size: int = 500, **params: Any) -> int:
        """Send ``rows`` to a query that starts with ``UNWIND $rows AS row``, ``size`` rows a transaction."""
        count = 0
        for chunk in _chunks(rows, size):
            self.run(name, {"rows": chunk, **params}, write=True)
            count += len(chunk)
        return count

    def explain(self, name: str, *, database: str | None = None) -> None:
        """Ask the server to plan (not run) a named query; raises QueryError if it does not compile."""
        with self._session(database) as session:
            session.run("EXPLAIN " + query(name)).consume()  # prefix only; statement text still from the file

    def ping(self) -> None:
        """``RETURN 1`` once, without retries; raises StoreUnavailable/AuthError at once."""
        self.run_auto("admin/ping")

    def server_info(self) -> dict[str, str]:
        """Address, agent and protocol of the server; proves it answers."""
        with self._translate():
            info = self.driver.get_server_info()
            return {"address": str(info.address), "agent": info.agent, "protocol": ".".join(map(str, info.protocol_version))}

    # -- internals --------------------------------------------------------------------------------
    @contextmanager
    def _session(self, database: str | None) -> Iterator[neo4j.Session]:
        with self._translate():
            self._probe()
            with self.driver.session(database=database or self.settings.neo4j_database) as session:
                yield session

    @contextmanager
    def _translate(self) -> Iterator[None]:
        """Driver errors become graphmem errors. While Neo4j is known to be down, fail at once (no caller
        on the user's path should wait for connection retries)."""
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
        try:
            with self.driver.session(database=self.settings.neo4j_database) as session:
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
