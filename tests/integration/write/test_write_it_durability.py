"""Durable writes: SIGKILL between journaling and the Neo4j commit (and between the commit and clearing the
journal) loses nothing and duplicates nothing; the same turn submitted twice is stored once."""

from __future__ import annotations

import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from graphmem import curate
from graphmem.model import FactInput
from graphmem.store import Store
from graphmem.write import user_stats
from graphmem.write.journal import Journal

HELPER = Path(__file__).with_name("kill_writer.py")
N = 40


@pytest.mark.parametrize("mode", ["before_commit", "after_commit"])
def test_sigkill_then_restart_loses_and_duplicates_nothing(mode, store, tenant, make_writer, tmp_path):
    journal = tmp_path / "journal.sqlite3"
    proc = subprocess.run([sys.executable, str(HELPER), tenant, str(journal), mode, str(N)],
                          capture_output=True, text=True, timeout=300)
    assert proc.returncode == -signal.SIGKILL, proc.stderr[-2000:]
    assert f"journaled {N}" in proc.stdout
    j = Journal(journal).open()
    assert j.pending() == N                                 # nothing left the journal
    j.close()
    if mode == "before_commit":                             # the killed transaction left nothing behind
        assert store.run("read/known_entities", {"tenant": tenant, "user_id": "u1"}) == []
    w = make_writer(journal_path=journal)                   # restart: leftovers are replayed
    assert w.flush(120)
    stats = user_stats(store, "u1", tenant=tenant)
    assert stats["events"] == N and stats["active_facts"] == N
    facts = store.run("read/profile_facts", {"tenant": tenant, "user_id": "u1"})
    assert sorted(int(f["key"][1:]) for f in facts) == list(range(N))
    assert all(f["mention_count"] == 1 for f in facts)      # a replayed committed turn changed nothing
    assert w.journal.pending() == 0
    if mode == "after_commit":
        assert w.stats().duplicates_skipped >= 1


def test_same_turn_twice_changes_nothing(make_writer, store, tenant):
    w = make_writer()
    fact = FactInput("attribute", "my laptop", "color", "black")
    w.add("u1", "s1", 7, "my laptop is black", facts=[fact])
    assert w.flush(60)
    first = store.run("read/profile_facts", {"tenant": tenant, "user_id": "u1"})
    stats1 = user_stats(store, "u1", tenant=tenant)
    w.add("u1", "s1", 7, "my laptop is black", facts=[fact])   # after commit
    w.add("u1", "s1", 7, "my laptop is black", facts=[fact])   # while pending, too
    assert w.flush(60)
    assert store.run("read/profile_facts", {"tenant": tenant, "user_id": "u1"}) == first
    assert user_stats(store, "u1", tenant=tenant) == stats1
    assert w.stats().duplicates_skipped == 2


def test_close_waits_for_the_queue(make_writer, store, tenant):
    w = make_writer()
    for i in range(30):
        w.add("u1", "s1", i, f"my score in game {i} was {i}", facts=[FactInput("attribute", f"game {i}", "score", i)])
    assert w.close(timeout=120) is True
    assert user_stats(store, "u1", tenant=tenant)["events"] == 30


def test_rejected_turn_submitted_twice_is_counted_once(make_writer, store, tenant):
    w = make_writer()
    w.add("u1", "s1", 1, "hi")
    assert w.flush(60)
    w.add("u1", "s1", 1, "hi")
    assert w.flush(60)
    assert w.stats().rejected == {"greeting": 1} and w.stats().duplicates_skipped == 1
    assert user_stats(store, "u1", tenant=tenant)["rejected"]["greeting"] == 1


def test_same_turn_on_two_writers_is_stored_once(make_writer, store, tenant, tmp_path):
    """Two hosts replaying the same turn at once (two journals): one event, one fact, mentioned once."""
    a = make_writer(journal_path=tmp_path / "a.sqlite3", linger=0.0)
    b = make_writer(journal_path=tmp_path / "b.sqlite3", linger=0.0)
    for i in range(40):
        fact = [FactInput("attribute", f"plant {i}", "height", i)]
        a.add("u1", "s1", i, f"plant {i} is {i} cm tall", facts=fact)
        b.add("u1", "s1", i, f"plant {i} is {i} cm tall", facts=fact)
    assert a.flush(120) and b.flush(120)
    stats = user_stats(store, "u1", tenant=tenant)
    assert stats["events"] == 40 and stats["active_facts"] == 40
    facts = store.run("read/profile_facts", {"tenant": tenant, "user_id": "u1"})
    assert len(facts) == 40 and all(f["mention_count"] == 1 for f in facts)
    assert a.stats().written + b.stats().written == 40
    assert a.stats().duplicates_skipped + b.stats().duplicates_skipped == 40


@pytest.mark.parametrize("how", ["forget", "tenant deleted"])
def test_a_turn_submitted_again_after_its_memory_was_removed_is_stored_again(make_writer, store, tenant, how):
    w = make_writer()
    fact = FactInput("attribute", "my laptop", "color", "black")
    event = w.add("u1", "s1", 7, "my laptop is black", facts=[fact])
    assert w.flush(60)
    if how == "forget":
        curate.forget(Store(store.settings.with_(tenant=tenant)), "u1", everything=True)
    else:
        store.run_auto("admin/delete_tenant", {"tenant": tenant})
    # (the writer is not told: a forget or a tenant delete may come from another process)
    assert not store.run("curate/user_exists", {"tenant": tenant, "user_id": "u1"})[0]["exists"]
    assert w.add("u1", "s1", 7, "my laptop is black", facts=[fact]) == event
    assert w.flush(60)
    assert user_stats(store, "u1", tenant=tenant)["events"] == 1 and w.stats().duplicates_skipped == 0
    assert [f["value"] for f in store.run("read/profile_facts", {"tenant": tenant, "user_id": "u1"})] == ["black"]


def test_flush_returns_after_the_commit_listeners_ran(make_writer, store, tenant):
    """A recall right after ``flush()`` must know what was committed: the listeners run before flush can return."""
    told: list[dict] = []
    w = make_writer()
    w.on_commit.append(lambda users: (time.sleep(0.3), told.append(users)))
    w.add("u1", "s1", 1, "I moved to Lisbon in March for a new job at Feedzai.")
    assert w.flush(60)
    assert [list(t) for t in told] == [[(tenant, "u1")]]
    # each user with the entities the commit upserted for them: the recall caches read those again
    names = {r["id"]: r["name"] for r in store.run("recall/entities", {"tenant": tenant, "user_id": "u1"})}
    assert told[0][(tenant, "u1")] == set(names) and {"Lisbon", "Feedzai"} <= set(names.values())
