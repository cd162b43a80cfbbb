"""Neo4j stopped and restarted in the middle of a stream of writes: the writer keeps journaling, retries,
and loses nothing. Uses its own throw-away server (own home and ports); the shared one keeps running."""

from __future__ import annotations

import socket
import uuid

from graphmem import schema
from graphmem.docker import launcher
from graphmem.model import FactInput
from graphmem.store import Store
from graphmem.write import Writer, user_stats


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def test_neo4j_restart_mid_stream(settings, embedder, tmp_path):
    own = settings.with_(home=tmp_path / "home", neo4j_uri=f"bolt://127.0.0.1:{free_port()}", http_port=free_port(),
                         neo4j_password=None, neo4j_heap="512m", neo4j_pagecache="64m",
                         tenant=f"t-{uuid.uuid4().hex[:12]}")
    launcher.up(own)
    store = Store(own)
    try:
        schema.apply(store, embedder.dimensions)
        schema.wait_online(store)
        w = Writer(store, own, embedder=embedder, journal_path=tmp_path / "journal.sqlite3").start()

        def send(lo: int, hi: int) -> None:
            for i in range(lo, hi):
                w.add("u1", "s1", i, f"reading {i} of the meter is {i * 3}",
                      facts=[FactInput("attribute", f"meter {i}", "reading", i * 3)])

        send(0, 20)
        assert w.flush(120)
        launcher.down(own)                      # Neo4j goes away mid-stream
        send(20, 40)                            # the caller is not blocked: turns are journaled
        assert w.flush(timeout=20) is False     # ...and cannot be committed (longer than the driver's own retry)
        assert w.stats().pending == 20
        launcher.up(own)                        # back: the worker retries and drains the journal
        assert w.flush(180)
        s = w.stats()
        assert s.retries >= 1 and s.failed == 0 and s.written == 40 and s.facts_superseded == 0
        assert w.close(60)
        st = user_stats(store, "u1", tenant=own.tenant)
        assert st["events"] == 40 and st["active_facts"] == 40
    finally:
        store.close()
        launcher.down(own)
