"""Credentials refused, or logins rate-limited by Neo4j after another process's failed attempts: the writer
backs off, names the error, keeps every accepted turn in the journal (none dead-lettered), ``flush()`` does
not claim success, and the turns are stored once logins work again."""

from __future__ import annotations

import logging
import socket
import threading
import time
import uuid

import pytest

from graphmem import schema
from graphmem.docker import launcher
from graphmem.errors import AuthError
from graphmem.model import FactInput
from graphmem.store import Store
from graphmem.write import Writer, user_stats

TURNS = [("My budget is 6000.", FactInput("attribute", "", "budget", 6000)),
         ("I live in Porto.", FactInput("attribute", "", "home city", "Porto")),
         ("My sister is called Ana.", FactInput("attribute", "my sister", "name", "Ana", subject_type="person"))]


def add_turns(w: Writer) -> None:
    for i, (text, fact) in enumerate(TURNS):
        w.add("u1", "s1", i, text, facts=[fact])


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.mark.parametrize("kind", ["AuthError", "ConfigError"])
def test_refused_credentials_keep_turns_journaled_and_back_off(store, tenant_settings, embedder, tmp_path, kind):
    journal = tmp_path / "journal.sqlite3"
    if kind == "AuthError":   # a user name Neo4j does not know: refused, and its per-user rate limit is not touched
        bad = tenant_settings.with_(neo4j_user="graphmem-test-nobody", neo4j_password="wrong")
    else:                     # no password at all (no GRAPHMEM_NEO4J_PASSWORD, no launcher password file)
        bad = tenant_settings.with_(home=tmp_path / "home", neo4j_password=None)
    w = Writer(Store(bad), bad, embedder=embedder, journal_path=journal).start()
    add_turns(w)
    deadline = time.monotonic() + 120                # the first batch is prepared (models loaded) before it fails
    while w.stats().retries < 1 and time.monotonic() < deadline:
        time.sleep(0.05)
    assert w.flush(4) is False                       # not stored, so not "flushed"
    st = w.stats()
    assert st.failed == 0 and w.failed() == [] and st.pending == len(TURNS)
    assert 1 <= st.retries <= 6                      # backed off (0.2, 0.4, 0.8, 1.6 s, ...), not 5 tries a turn
    assert w.last_error.startswith(f"{kind}: ")                 # the kind is named
    closed: list[bool] = []                          # close() with no timeout must not wait for ever
    t0 = time.monotonic()
    closing = threading.Thread(target=lambda: closed.append(w.close()), daemon=True)
    closing.start()
    closing.join(60)
    assert closed == [False] and time.monotonic() - t0 < 30   # gave up after backing off ~10 s; still journaled
    good = Writer(store, tenant_settings, embedder=embedder, journal_path=journal).start()
    try:
        assert good.flush(120)                       # the same journal, the right credentials: all stored
        assert good.stats().written == len(TURNS) and good.failed() == []
    finally:
        good.close(timeout=60)
    assert user_stats(store, "u1", tenant=tenant_settings.tenant)["events"] == len(TURNS)


def test_login_rate_limit_postpones_turns_until_logins_work_again(settings, embedder, tmp_path, caplog):
    """Own throw-away server (own home and ports): the shared one's user is never locked out."""
    own = settings.with_(home=tmp_path / "home", neo4j_uri=f"bolt://127.0.0.1:{free_port()}", http_port=free_port(),
                         neo4j_password=None, neo4j_heap="512m", neo4j_pagecache="64m",
                         tenant=f"t-{uuid.uuid4().hex[:12]}")
    launcher.up(own)
    store = Store(own)
    intruder = Store(own.with_(neo4j_password="wrong"))
    try:
        schema.apply(store, embedder.dimensions)
        schema.wait_online(store)
        kinds = []
        for _ in range(4):                           # four wrong logins by another local process
            with pytest.raises(AuthError) as refused:
                intruder.ping()
            kinds.append(type(refused.value).__name__)
        assert kinds[0] == "AuthError" and kinds[-1] == "AuthRateLimited"   # named, not "rejected a statement"
        caplog.set_level(logging.WARNING, logger="graphmem.write")
        w = Writer(Store(own), own, embedder=embedder, journal_path=tmp_path / "journal.sqlite3").start()
        add_turns(w)                                 # its first login falls inside Neo4j's 5 s lock
        assert w.flush(60)
        st = w.stats()
        assert st.failed == 0 and w.failed() == [] and st.written == len(TURNS) and st.retries >= 1
        assert any("AuthRateLimited" in r.getMessage() for r in caplog.records)
        assert w.close(60)
        assert user_stats(store, "u1", tenant=own.tenant)["events"] == len(TURNS)
    finally:
        intruder.close()
        store.close()
        launcher.down(own)


def test_flush_is_false_when_a_turn_went_to_the_dead_table(make_writer):
    def refuse():
        raise RuntimeError("this batch cannot commit")   # a fault of the turn, not of the server: counted
    w = make_writer(hooks={"before_commit": refuse})
    add_turns(w)
    assert w.flush(60) is False
    assert w.stats().failed == len(TURNS) and len(w.failed()) == len(TURNS)
    assert all("RuntimeError" in d["error"] for d in w.failed())
    assert w.flush(5) is True                            # each burial is reported by one flush
