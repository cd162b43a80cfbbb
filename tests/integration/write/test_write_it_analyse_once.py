"""A turn is read once (issue 17): a session's user turn is journaled with the session's reading of it
(``graphmem.linking.analysis``: statements and mentions), and the writer stores it without reading it again (its
mentions too, where the writer's names see the text as the session's did); the graph is the same as when the
writer reads the same conversation itself (``Memory.add``). Real Neo4j, spaCy, jieba and USE."""

from __future__ import annotations

import json
from datetime import datetime

from graphmem.memory import Memory
from graphmem.write import pipeline

from .test_write_it_same_graph import CASES, _graph

IDS = ("en-003", "en-016", "zh-007", "zh-018", "mix-001", "zh-014")


def _cases(ids: tuple[str, ...]) -> list[dict]:
    rows = (json.loads(line) for line in CASES.read_text(encoding="utf-8").splitlines() if line.strip())
    return [c for c in rows if c["id"] in ids]


def test_a_sessions_turns_are_read_once_and_give_the_same_graph(store, tenant_settings, tenant, embedder,
                                                                 tmp_path, monkeypatch):
    cases = _cases(IDS)
    assert len(cases) == len(IDS)
    read_by_writer: list[str] = []
    real = pipeline.analyse

    def counting(text, at, role="user"):
        read_by_writer.append(text)
        return real(text, at, role)

    monkeypatch.setattr(pipeline, "analyse", counting)
    taken, wrong = [], []
    journaled = pipeline._journaled_mentions

    def checked(t, gazetteer):   # the journaled mentions are exactly what the writer would extract
        ms = journaled(t, gazetteer)
        if ms is not None:
            taken.append(t.text)
            if ms != pipeline.linking.extract_mentions(t.text, gazetteer):
                wrong.append(t.text)
        return ms

    monkeypatch.setattr(pipeline, "_journaled_mentions", checked)
    with Memory(tenant_settings, embedder=embedder, journal_path=tmp_path / "j.sqlite3") as mem:
        for c in cases:
            s = mem.session(f"{c['id']}-s", "s1", write_assistant=True)
            for t in c["turns"]:
                at = datetime.fromisoformat(t["at"])
                (s.add_user_message if t["role"] == "user" else s.add_assistant_message)(t["text"], at=at)
            assert mem.flush(300)
        user_texts = {t["text"] for c in cases for t in c["turns"] if t["role"] == "user"}
        assert not user_texts & set(read_by_writer)          # the session's reading was reused
        assert not wrong and set(taken) <= user_texts
        first = {next(t["text"] for t in c["turns"] if t["role"] == "user") for c in cases}
        assert first <= set(taken)       # a new user's first turn: no names on either side, its mentions reused
        assert any(t["role"] == "assistant" and t["text"] in read_by_writer for c in cases for t in c["turns"])
        for c in cases:                                      # the writer reads the same turns itself
            n = 0
            for t in c["turns"]:
                n += t["role"] == "user"
                mem.add(f"{c['id']}-w", "s1", f"{n}{'a' if t['role'] == 'assistant' else ''}", t["text"],
                        role=t["role"], at=datetime.fromisoformat(t["at"]))
            assert mem.flush(300)
        assert user_texts <= set(read_by_writer)
    for c in cases:
        a, b = _graph(store, tenant, f"{c['id']}-s"), _graph(store, tenant, f"{c['id']}-w")
        assert a["entities"] and (a["facts"] or a["relations"]), c["id"]
        assert a == b, c["id"]
