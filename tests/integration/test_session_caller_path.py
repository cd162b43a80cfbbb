"""A session's add returns before its message is read (issue 16 item 4), with real spaCy, jieba, USE and Neo4j:
the turn is journaled before the add returns (it survives SIGKILL even when its reading never happened), the
caller's thread parses nothing during the add, and the text is still read once in the process — by the session
(or by ``context()`` right after the add, which reads what the session has not read yet) — and the writer takes
that reading instead of parsing it again."""

from __future__ import annotations

import signal
import subprocess
import sys
import textwrap
import threading
from collections import Counter
from datetime import datetime, timezone

import jieba.posseg
import pytest

from graphmem import Memory, curate
from graphmem.embedders import get_embedder
from graphmem.linking import mentions, nlp

EN = "My sister Lily moved to Boston last week and she loves her new Lenovo ThinkPad."
ZH = "我妹妹上周搬到杭州了，她很喜欢她的新联想笔记本。"
T0 = datetime(2026, 3, 5, 9, 0, tzinfo=timezone.utc)


@pytest.fixture(scope="module")
def embedder(settings):
    return get_embedder(settings)


@pytest.fixture
def reads(monkeypatch):
    """Counts spaCy parses, jieba cuts and mention extractions of EN and ZH, by (what, text, during an add)."""
    seen: Counter = Counter()
    state = {"adding": None}

    def note(what: str, text: str) -> None:
        if text in (EN, ZH):
            seen[(what, text, state["adding"] == threading.get_ident())] += 1

    english = nlp.english()

    class Counted:
        def pipe(self, texts, **kw):
            texts = list(texts)
            for t in texts:
                note("parse", t)
            return english.pipe(texts, **kw)

        def __call__(self, text, **kw):
            note("parse", text)
            return english(text, **kw)

        def __getattr__(self, name):
            return getattr(english, name)

    counted = Counted()
    monkeypatch.setattr(nlp, "english", lambda: counted)
    cut = jieba.posseg.cut
    monkeypatch.setattr(jieba.posseg, "cut", lambda text, *a, **k: (note("cut", text), cut(text, *a, **k))[1])
    for name in ("_en_mentions", "_zh_mentions"):
        f = getattr(mentions, name)
        monkeypatch.setattr(mentions, name, lambda text, *a, _f=f, **k: (note("mentions", text), _f(text, *a, **k))[1])
    nlp._docs.clear()
    seen.state = state
    yield seen
    nlp._docs.clear()   # no parse of these texts left cached for a later test that counts its own


def _adding(reads, fn, *args, **kw):
    reads.state["adding"] = threading.get_ident()
    try:
        return fn(*args, **kw)
    finally:
        reads.state["adding"] = None


def test_add_then_context_reads_each_turn_once_and_the_writer_reuses_it(tenant_settings, embedder, reads, tmp_path):
    with Memory(tenant_settings, embedder=embedder, journal_path=tmp_path / "j.sqlite3") as mem:
        s = mem.session("u1", "s1", at=T0)
        for text in (EN, ZH):
            _adding(reads, s.add_user_message, text)
            ctx = s.context(text, budget=1500)   # the agent loop: the turn just added is the input
            assert ctx.messages[-1]["content"] == text
        assert {sl.name for sl in s.slots.recent()} >= {"Lily", "Boston"}
        assert mem.flush(180)
        assert mem.writer.stats().written == 2
    assert sum(n for (_, _, during_add), n in reads.items() if during_add) == 0   # nothing read inside an add
    total = Counter()
    for (what, text, _), n in reads.items():
        total[(what, text)] += n
    assert total[("parse", EN)] == 1 and total[("mentions", EN)] == 1
    assert total[("cut", ZH)] == 1 and total[("mentions", ZH)] == 1


def test_messages_handed_to_an_open_session_are_read_once(tenant_settings, embedder, reads, tmp_path):
    """``add_messages`` (the MCP server's add) with the session open: the session's reading goes to the writer."""
    with Memory(tenant_settings, embedder=embedder, journal_path=tmp_path / "j.sqlite3") as mem:
        s = mem.session("u1", "chat")
        _adding(reads, mem.add_messages, "u1", [{"role": "user", "content": EN},
                                               {"role": "assistant", "content": "That sounds lovely."}],
                session_id="chat", at=T0)
        assert [m.text for m in s.messages] == [EN, "That sounds lovely."]
        assert mem.flush(180)
    assert sum(n for (_, _, during_add), n in reads.items() if during_add) == 0
    assert sum(n for (what, text, _), n in reads.items() if (what, text) == ("parse", EN)) == 1


def test_an_agent_views_messages_are_read_once(tenant_settings, embedder, reads, tmp_path):
    """The same through an agent's view, whose session is its own (not the memory's)."""
    with Memory(tenant_settings, embedder=embedder, journal_path=tmp_path / "j.sqlite3") as mem:
        planner = mem.agent("planner")
        s = planner.session("u1", "chat")
        _adding(reads, planner.add_messages, "u1", [{"role": "user", "content": EN}], session_id="chat", at=T0)
        assert [m.text for m in s.messages] == [EN]
        assert mem.flush(180)
    assert sum(n for (_, _, during_add), n in reads.items() if during_add) == 0
    for what in ("parse", "mentions"):
        assert sum(n for (w, text, _), n in reads.items() if (w, text) == (what, EN)) == 1


KILLED = textwrap.dedent("""
    import os, signal, sys, threading
    from datetime import datetime, timezone
    from graphmem import Memory
    from graphmem.settings import Settings
    from graphmem.short_term import facts
    never = threading.Event()
    facts.analyse = lambda text, now: never.wait()   # the reading never happens: the kill comes first
    mem = Memory(Settings.from_env(tenant=sys.argv[1]), journal_path=sys.argv[2])
    s = mem.session("u1", "s1", at=datetime(2026, 3, 5, 9, 0, tzinfo=timezone.utc))
    for text in sys.argv[3:]:
        s.add_user_message(text)
    print("added", len(sys.argv) - 3, flush=True)
    os.kill(os.getpid(), signal.SIGKILL)
""")


def test_an_added_turn_survives_sigkill_before_it_is_read(tenant_settings, embedder, tmp_path):
    journal = tmp_path / "j.sqlite3"
    texts = ["My budget for the Lisbon trip is 3000 euros.", "我下个月搬去杭州。"]
    proc = subprocess.run([sys.executable, "-c", KILLED, tenant_settings.tenant, str(journal), *texts],
                          capture_output=True, text=True, timeout=300)
    assert proc.returncode == -signal.SIGKILL, proc.stderr[-2000:]
    assert "added 2" in proc.stdout
    with Memory(tenant_settings, embedder=embedder, journal_path=journal) as mem:   # restart: the journal replays
        assert mem.writer.flush(180)
        stored = {e["text"] for e in curate.events(mem.store, "u1")}
    assert stored == set(texts)   # read by the restarted writer itself: the session's reading never existed
