"""A forget holds against queued writes (issue 19, item 9): turns an agent journaled before a forget, and
could not commit yet, do not bring back what the forget removed when the agent's writer flushes them later.
Turns journaled after the forget are stored. Real Neo4j, the real write path."""

from __future__ import annotations

import socket

from graphmem import curate
from graphmem.model import FactInput
from graphmem.store import Store
from graphmem.write import Writer

LAPTOP = "Lenovo ThinkPad X1"


def _queue(tenant_settings, embedder, journal, turns) -> None:
    """Journal ``turns`` in a writer that cannot reach Neo4j (nothing listens on its port): they stay queued."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    bad = tenant_settings.with_(neo4j_uri=f"bolt://127.0.0.1:{port}")
    w = Writer(Store(bad), bad, embedder=embedder, journal_path=journal).start()
    for turn_id, text, facts in turns:
        w.add("u1", "s2", turn_id, text, facts=facts)
    assert w.close(timeout=2) is False and w.stats().pending == len(turns)


def _drain(store, tenant_settings, embedder, journal) -> Writer:
    w = Writer(store, tenant_settings, embedder=embedder, journal_path=journal).start()
    assert w.flush(120) and w.stats().pending == 0 and w.failed() == []
    return w


def _texts(store) -> list[str]:
    return [e["text"] for e in curate.events(store, "u1")]


def test_forget_all_holds_against_turns_queued_before_it(store, tenant_settings, embedder, tmp_path, writer):
    own = Store(tenant_settings)
    writer.add("u1", "s1", 1, "My budget is 8000.", facts=[FactInput("attribute", "", "budget", 8000)])
    assert writer.flush(120)
    journal = tmp_path / "agent.sqlite3"
    _queue(tenant_settings, embedder, journal,
           [(i, f"Note number {i}: my locker code is 40{i}.", [FactInput("attribute", "", f"code {i}", f"40{i}")])
            for i in range(3)])
    curate.forget(own, "u1", everything=True)
    agent = _drain(own, tenant_settings, embedder, journal)
    assert curate.users(own) == []                           # 746d7f7: the user and three turns came back
    agent.add("u1", "s3", 1, "I moved to Porto.", facts=[FactInput("attribute", "", "home city", "Porto")])
    assert agent.flush(120)
    assert _texts(own) == ["I moved to Porto."]              # said after the forget: stored
    agent.close(timeout=30)
    own.close()


def test_forget_entity_or_fact_holds_against_turns_about_it(store, tenant_settings, embedder, tmp_path, writer):
    own = Store(tenant_settings)
    writer.add("u1", "s1", 1, "My laptop is a Lenovo ThinkPad X1.",
               facts=[FactInput("attribute", LAPTOP, "type", "laptop", subject_type="laptop")])
    writer.add("u1", "s1", 2, "My budget is 8000.", facts=[FactInput("attribute", "", "budget", 8000)])
    writer.add("u1", "s1", 3, "I have a cat called Miso.", facts=[FactInput("attribute", "", "cat", "Miso")])
    assert writer.flush(120)
    journal = tmp_path / "agent.sqlite3"
    _queue(tenant_settings, embedder, journal, [
        (1, "The ThinkPad has 32 GB of RAM.", [FactInput("attribute", LAPTOP, "ram", "32 GB", subject_type="laptop")]),
        (2, "Actually my budget is 9000 now.", [FactInput("attribute", "", "budget", 9000, is_change=True)]),
        (3, "I live in Porto.", [FactInput("attribute", "", "home city", "Porto")])])
    laptop = next(e["id"] for e in curate.entities(own, "u1") if e["name"] == LAPTOP)
    curate.forget(own, "u1", entity=laptop)
    curate.forget(own, "u1", fact=_fact_id(own, "budget"))
    _drain(own, tenant_settings, embedder, journal).close(timeout=30)
    texts = " ".join(_texts(own))
    assert "ThinkPad" not in texts and "32 GB" not in texts and "9000" not in texts   # 746d7f7: both came back
    assert all(e["name"] != LAPTOP for e in curate.entities(own, "u1"))
    assert "Porto" in texts and "Miso" in texts               # what the forgets did not cover is stored / kept
    own.close()


def _fact_id(store, key: str) -> str:
    from graphmem.write import history
    return next(v.id for v in history(store, "u1", "me", key) if v.status == "active")
