"""The same conversation, told twice through ``Memory`` sessions, becomes the same graph: which entity a
demonstrative links to must not depend on random session tokens, on which users were ingested before, or on
how the writer batched the turns (real Neo4j, spaCy, jieba and USE)."""

from __future__ import annotations

import uuid
from pathlib import Path

from bench.eval.data import load_user
from graphmem.memory import Memory

DEV = Path(__file__).resolve().parents[3] / "bench" / "eval" / "dev"


def _graph(store, tenant: str) -> set[tuple]:
    rows = store.run("admin/test_graph_dump", {"tenant": tenant})
    return {(r["user_id"], r["text"], tuple(sorted(r["mentions"]))) for r in rows}


def _ingest(settings, tmp_path, tenant: str, users) -> None:
    with Memory(settings.with_(tenant=tenant), journal_path=tmp_path / f"{tenant}.sqlite3") as mem:
        for u in users:
            for s in u.sessions:
                session = mem.session(u.user, s.id)
                for t in s.turns:
                    add = session.add_user_message if t.role == "user" else session.add_assistant_message
                    add(t.text, at=t.at)
        assert mem.flush(120)


def test_the_same_conversation_twice_gives_the_same_graph(store, settings, tmp_path):
    # two Chinese users (jieba's dictionary had been shared) and an English one (the slot table's turn numbers)
    tom, liuyan, hejun = (load_user(DEV / f) for f in ("d3_en03_tom.yaml", "d3_zh01_liuyan.yaml", "d3_zh02_hejun.yaml"))
    a, b = f"t-{uuid.uuid4().hex[:12]}", f"t-{uuid.uuid4().hex[:12]}"
    try:
        _ingest(settings, tmp_path, a, [tom, liuyan, hejun])
        _ingest(settings, tmp_path, b, [hejun, liuyan, tom])        # other order: the other users' names come first
        first, second = _graph(store, a), _graph(store, b)
        assert len(first) > 30 and first == second
    finally:
        for t in (a, b):
            store.run_auto("admin/delete_tenant", {"tenant": t})
