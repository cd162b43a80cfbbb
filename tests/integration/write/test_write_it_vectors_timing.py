"""A batch's vectors are computed on the embedding thread while the writer reads on (the linker's names first, the
turns' and statements' waited for only by the commit): however late that thread runs, the batch ends with the same
vectors, bit for bit, and the same analysis (real Neo4j, spaCy, jieba and USE)."""

from __future__ import annotations

import random
import threading
import time
from pathlib import Path

import numpy as np

from bench.eval.data import load_user
from graphmem.write import ids
from graphmem.write.journal import Entry
from graphmem.write.pipeline import PARSE_CHUNK, Pipeline

DEV = Path(__file__).resolve().parents[3] / "bench" / "eval" / "dev"


def _entries(tenant: str) -> list[Entry]:
    out = []
    for f in ("d3_en03_tom.yaml", "d3_zh01_liuyan.yaml", "d3_mix01_kaiwen.yaml"):
        u = load_user(DEV / f)
        for s in u.sessions:
            for i, t in enumerate(s.turns):
                payload = {"tenant": tenant, "user_id": u.user, "session_id": s.id, "turn_id": str(i),
                           "text": t.text, "role": t.role, "speaker": None, "at": t.at.isoformat(), "facts": None,
                           "agent": None, "scope": "user", "submitted": 0.0}
                out.append(Entry(len(out) + 1, ids.turn_key(tenant, u.user, s.id, i), payload, 0))
    return out


def _prepared(store, embedder, entries):
    p = Pipeline(store, embedder)
    b = p.prepare(entries)
    p.finish(b)
    return b


def test_vectors_do_not_depend_on_how_late_the_embedding_thread_runs(store, tenant_settings, embedder, monkeypatch):
    embedder = getattr(embedder, "inner", embedder)   # the model in this process (not a worker's), to slow it down
    entries = _entries(tenant_settings.tenant)
    assert len(entries) > PARSE_CHUNK          # several chunks, several pieces of the model's batch
    fast = _prepared(store, embedder, entries)
    late = []
    rng = random.Random(7)
    encode = embedder._encode

    def slow(model, texts):
        if threading.current_thread().name.startswith("graphmem-embed"):
            late.append(len(texts))
            time.sleep(rng.uniform(0.0, 0.15))
        return encode(model, texts)

    monkeypatch.setattr(embedder, "_encode", slow)
    slowed = _prepared(store, embedder, entries)
    assert len(late) >= 3                       # the texts went ahead, in several pieces
    assert list(fast.vec) == list(slowed.vec) and len(fast.vec) > 60
    assert all(np.array_equal(fast.vec[t], slowed.vec[t]) for t in fast.vec)
    seen = [(w.turn.key, w.verdict, w.chatty, w.mention_ids, [s.text for s in w.statements]) for w in fast.works]
    assert seen == [(w.turn.key, w.verdict, w.chatty, w.mention_ids, [s.text for s in w.statements])
                    for w in slowed.works]
    assert any(w.chatty for w in fast.works) or any(w.mention_ids for w in fast.works)


def test_a_batch_parsed_ahead_reads_as_one_parsed_where_it_is_read(store, tenant_settings, embedder):
    """The next batch's English turns are parsed on the parse thread while this batch is read (``prepare(entries,
    ahead)``): the next batch then reads exactly as one parsed by the writer's own thread."""
    from graphmem.linking import nlp

    entries = _entries(tenant_settings.tenant)
    second = [e for e in entries if e.payload["user_id"] == entries[0].payload["user_id"]]   # English
    first = [e for e in entries if e not in second]

    def reading(b):
        return [(w.turn.key, w.verdict, w.label, w.mention_ids, [(m.surface, m.kind) for m in w.mentions],
                 [s.text for s in w.statements]) for w in b.works]

    nlp._docs.clear()
    alone = Pipeline(store, embedder)
    expected = reading(alone.prepare(second))
    nlp._docs.clear()
    p = Pipeline(store, embedder)
    p.prepare(first, second)                   # ``second`` parsed meanwhile, on the parse thread
    assert p._parsing
    b = p.prepare(second)                      # waits for that parse, then finds the Docs parsed
    assert not p._parsing
    assert reading(b) == expected and any(w.mentions for w in b.works)


def test_chunks_the_parse_thread_has_not_started_are_parsed_by_the_writer_alike(store, tenant_settings, embedder,
                                                                                monkeypatch):
    """A batch not parsed ahead goes to the parse thread a chunk at a time; a chunk that thread has not started when
    the writer reaches it (here: the thread is held up) is parsed by the writer instead, and reads the same."""
    from graphmem.linking import nlp
    from graphmem.write import pipeline

    entries = _entries(tenant_settings.tenant)
    assert len(entries) > PARSE_CHUNK                # several chunks

    def reading(b):
        return [(w.turn.key, w.verdict, w.label, w.mention_ids, [(m.surface, m.kind) for m in w.mentions],
                 [s.text for s in w.statements]) for w in b.works]

    nlp._docs.clear()
    expected = reading(Pipeline(store, embedder).prepare(entries))   # chunks parsed on the parse thread
    nlp._docs.clear()
    parsed_by = []
    docs = pipeline.english_docs
    monkeypatch.setattr(pipeline, "english_docs",
                        lambda texts, **kw: parsed_by.append(threading.current_thread().name) or docs(texts, **kw))
    hold = threading.Event()
    # released by the finally; the timeout only turns a regression that waits for the parse thread into a failure
    held = pipeline._PARSE_AHEAD.submit(hold.wait, 600)
    try:
        b = Pipeline(store, embedder).prepare(entries)
    finally:
        hold.set()
        held.result()
    assert parsed_by and all(name == threading.current_thread().name for name in parsed_by)
    assert reading(b) == expected and any(w.mentions for w in b.works)
