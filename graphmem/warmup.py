"""Warm a Neo4j server just started, before real work reaches it.

The JVM compiles Neo4j's hot code while it runs: in a server's first minutes graphmem's statements cost several
times their later CPU, on a box where Neo4j shares the cores with the agent (``bench/results/warmup.md``).
:func:`warm` plays the demo's long history (:mod:`graphmem.demo_long`, text written for the demo) through real
sessions — the write path and ``context()`` — in a scratch tenant, so the server compiles what graphmem runs
before a user waits on it, then deletes that tenant. Every statement is scoped by tenant: no other tenant's data is
read or written. ``graphmem neo4j warm`` calls it.
"""

from __future__ import annotations

import itertools
import tempfile
import time
import uuid
from collections.abc import Iterator
from dataclasses import dataclass
from datetime import datetime, timedelta
from pathlib import Path

from graphmem.errors import InputError, SchemaError
from graphmem.settings import Settings

MAX_SECONDS = 900.0


@dataclass(frozen=True)
class Warmed:
    tenant: str         # the scratch tenant, deleted
    turns: int          # user and assistant messages written
    contexts: int       # ``context()`` calls (each a recall)
    seconds: float      # from the first message until every one is stored


def _sessions() -> Iterator[tuple[str, str, datetime, list[dict]]]:
    """(user, session, start, turns) of the demo's long history, played again by a new user each time round."""
    from graphmem import demo_long

    days = demo_long.days()
    for n in itertools.count():
        for d, day in enumerate(days):
            yield f"warmup-{n}", f"s{d}", datetime.fromisoformat(day["day"]), day["turns"]


def warm(settings: Settings | None = None, seconds: float = 60.0) -> Warmed:
    """Run graphmem's write path and recall against the server for about ``seconds`` (at least one session), in a
    scratch tenant deleted afterwards (also on failure). SchemaError if ``graphmem init`` has not run."""
    from graphmem import schema
    from graphmem.memory import Memory
    from graphmem.store import Store
    from graphmem.write.reads import delete_tenant

    if isinstance(seconds, bool) or not isinstance(seconds, (int, float)) or not 0 < seconds <= MAX_SECONDS:
        raise InputError(f"seconds must be a number in (0, {MAX_SECONDS:g}], got {seconds!r}")
    settings = settings or Settings.from_env()
    st = settings.with_(tenant=f"graphmem-warmup-{uuid.uuid4().hex[:8]}")
    store = Store(st)
    try:
        if schema.version(store) < schema.latest_version():
            raise SchemaError("the schema is not up to date: run `graphmem init` before warming the server")
        turns = contexts = 0
        with tempfile.TemporaryDirectory() as tmp, \
                Memory(st, store=store, journal_path=Path(tmp) / "journal.sqlite3") as mem:
            t0 = time.perf_counter()
            for user, session_id, start, chat in _sessions():
                session = mem.session(user, session_id, write_assistant=True, at=start)
                for t, turn in enumerate(chat):
                    at = start + timedelta(minutes=2 * t)
                    session.add_user_message(turn["user"], at=at)
                    session.context(turn["user"])
                    session.add_assistant_message(turn["assistant"], at=at + timedelta(minutes=1))
                    turns, contexts = turns + 2, contexts + 1
                mem.end_session(user, session_id)
                if time.perf_counter() - t0 >= seconds:
                    break
            mem.flush(MAX_SECONDS)
        return Warmed(st.tenant, turns, contexts, round(time.perf_counter() - t0, 1))
    finally:
        try:
            delete_tenant(store, st.tenant)
        finally:
            store.close()
