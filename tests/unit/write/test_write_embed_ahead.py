"""The batch's turns and statements are embedded ahead, on a second thread, while spaCy parses: the vectors the
batch ends with are the same texts and the same numbers as one call after the analysis, and nothing is embedded
twice."""

import threading
from datetime import datetime, timezone

import numpy as np

from graphmem.model import FactInput
from graphmem.write.ahead import AHEAD as _EMBED_AHEAD, Once as _Once, vectors as _vectors
from graphmem.write.pipeline import Batch, BatchResult, EntityRef, Pipeline, Prepared, TurnWork, _texts

AT = datetime(2026, 3, 1, 12, 30, tzinfo=timezone.utc)


class Recording:
    """A deterministic embedder that records every call and the thread it ran on."""

    name, dimensions = "recording", 8

    def __init__(self):
        self.calls: list[tuple[str, list[str]]] = []

    def embed(self, texts):
        self.calls.append((threading.current_thread().name, list(texts)))
        return np.array([[(hash(t) >> (4 * k)) % 17 for k in range(8)] for t in texts], dtype=np.float32)


def _work(n: int, text: str, statements=(), verdict="") -> TurnWork:
    t = Prepared(f"k{n}", "t", "u", "s", str(n), text, "user", AT, None)
    w = TurnWork(t, statements=[FactInput("event", "", text=s) for s in statements])
    w.verdict = verdict
    return w


def test_vectors_ahead_are_the_vectors_after():
    works = [_work(1, "I adopted a cat", ["I adopted a cat", "it is called Mochi"]),
             _work(2, "hi", verdict="reject"),
             _work(3, "Mochi loves tuna", ["Mochi loves tuna"]),
             _work(4, "My sister visits", ["my sister visits next week"])]
    assert _texts(works) == ["I adopted a cat", "it is called Mochi", "Mochi loves tuna", "My sister visits",
                             "my sister visits next week"]
    emb = Recording()
    early = _EMBED_AHEAD.submit(_vectors, emb, _texts(works))
    works[3].verdict = "reject"           # the linker turned a turn away after the texts went ahead
    refs = {"e1": EntityRef("e1", "Mochi", "pet", new=True), "e2": EntityRef("e2", "Lily", "person")}
    b = Batch(works, refs, BatchResult())
    Pipeline(None, emb)._embed(b, early)
    (ahead_thread, ahead), (here_thread, rest) = emb.calls
    assert ahead_thread.startswith("graphmem-embed") and here_thread == threading.current_thread().name
    assert rest == ["Mochi"]              # only what was not embedded ahead
    assert list(b.vec) == ["I adopted a cat", "it is called Mochi", "Mochi loves tuna", "Mochi"]
    alone = Recording().embed(list(b.vec))
    assert all(np.array_equal(b.vec[t], v) for t, v in zip(b.vec, alone))


def test_a_batch_without_live_turns_embeds_nothing():
    emb = Recording()
    works = [_work(1, "hi", verdict="reject")]
    early = _EMBED_AHEAD.submit(_vectors, emb, _texts(works))
    b = Batch(works, {}, BatchResult())
    Pipeline(None, emb)._embed(b, early)
    assert b.vec == {} and emb.calls == []


def test_a_name_the_linker_embedded_is_not_embedded_again_for_its_node():
    """Within one batch a text is embedded once: an unknown name the linker embedded (then the new entity's name
    at the next turn's linking) is not embedded again when the batch's new names get their vectors."""
    emb = Recording()
    p = Pipeline(None, emb)
    p._names = _Once(emb)
    assert np.array_equal(p._names.embed(["Mochi", "Lily", "Mochi"]), emb.embed(["Mochi", "Lily", "Mochi"]))
    assert p._names.embed([]).shape == (0, 8) and p._names.dimensions == 8
    emb.calls.clear()
    p._names.embed(["Lily", "Mochi"])                     # the next turn's linking: nothing new
    assert emb.calls == []
    works = [_work(1, "Mochi loves tuna", ["Mochi loves tuna"])]
    early = _EMBED_AHEAD.submit(_vectors, emb, _texts(works))
    b = Batch(works, {"e1": EntityRef("e1", "Mochi", "pet", new=True), "e3": EntityRef("e3", "Tom", "person", new=True)},
              BatchResult())
    p._embed(b, early)
    assert [texts for _, texts in emb.calls] == [["Mochi loves tuna"], ["Tom"]]   # "Mochi": the linker's vector
    assert np.array_equal(b.vec["Mochi"], Recording().embed(["Mochi"])[0])


def test_unknown_names_are_embedded_ahead_and_never_again():
    """A chunk's named mentions no known name covers go to the embedding thread with the chunk; the linker then
    takes those vectors (waiting for them if need be) and embeds only what was not sent ahead."""
    from graphmem.linking.types import Mention
    from graphmem.write.pipeline import _unknown_names

    emb = Recording()
    works = [_work(1, "Mochi and Lily met Tom"), _work(2, "hi", verdict="reject"), _work(3, "my cat")]
    works[0].mentions = [Mention("Mochi", 0, 5, "named"), Mention("Lily", 10, 14, "named", known_ids=("e2",)),
                         Mention("Tom", 19, 22, "named")]
    works[1].mentions = [Mention("Bob", 0, 3, "named")]          # a rejected turn: nothing sent
    works[2].mentions = [Mention("my cat", 0, 6, "possessive")]
    assert _unknown_names(works) == ["Mochi", "Tom"]
    once = _Once(emb)
    once.prefetch(_unknown_names(works))
    once.prefetch(["Tom"])                                       # already on its way: not sent twice
    got = once.embed(["Tom", "my cat", "Mochi"])
    assert [(th.startswith("graphmem-embed"), texts) for th, texts in emb.calls] == \
        [(True, ["Mochi", "Tom"]), (False, ["my cat"])]
    assert np.array_equal(got, Recording().embed(["Tom", "my cat", "Mochi"]))
    emb.calls.clear()
    once.embed(["Mochi", "my cat"])
    assert emb.calls == []


def test_urgent_jobs_run_before_later_ones_submitted_earlier():
    """The linker's names (urgent) never wait behind turn texts sent ahead earlier (later): at most behind the one
    job the thread is running."""
    from graphmem.write.ahead import LATER, URGENT, Ahead

    ahead, gate, order = Ahead("test-ahead"), threading.Event(), []
    ahead.submit(gate.wait, priority=LATER)                      # the piece the thread is busy with
    fs = [ahead.submit(order.append, f"later{i}", priority=LATER) for i in range(3)]
    fs += [ahead.submit(order.append, f"urgent{i}", priority=URGENT) for i in range(2)]
    gate.set()
    for f in fs:
        f.result(5)
    assert order == ["urgent0", "urgent1", "later0", "later1", "later2"]
    boom = ahead.submit(lambda: 1 / 0)
    try:
        boom.result(5)
        raise AssertionError("the job's error must reach its waiter")
    except ZeroDivisionError:
        pass


def test_texts_sent_later_in_pieces_get_the_vectors_of_one_call():
    """``later`` splits texts at the model's own batches: the vectors are those of one ``embed`` call, bit for bit
    (USE's vectors move by ~1e-7 with the texts batched beside them, so the split must be the model's)."""
    from graphmem.embedders import UseEmbedder, pieces
    from graphmem.write.ahead import later

    emb = UseEmbedder()
    texts = [f"Caroline went to the {i}th support group" for i in range(130)] + ["我妹妹推荐了那家面馆"]
    assert [len(p) for p in pieces(emb, texts)] == [64, 64, 3]
    got = {}
    for f in later(emb, texts):
        got.update(f.result())
    whole = emb.embed(texts)
    assert all(np.array_equal(got[t], v) for t, v in zip(texts, whole))
    assert pieces(Recording(), texts) == [texts] and pieces(emb, []) == []


def test_the_embedding_thread_lets_a_caller_inside_context_run_first(monkeypatch):
    """Between two jobs the embedding thread pauses while a caller is inside ``context()``/``recall``
    (``graphmem.give_way``): nobody on the caller's path waits for it."""
    from graphmem import give_way
    from graphmem.write.ahead import Ahead

    pause = give_way.pause
    monkeypatch.setattr(give_way, "pause", lambda limit=5: pause(limit))   # a pause longer than this test
    monkeypatch.setattr(give_way, "_free_until", 0.0)
    ahead, order, before, tick = Ahead("test-ahead-pause"), [], give_way.paused, threading.Event()
    with give_way.caller():
        job = ahead.submit(order.append, "job")
        for _ in range(500):
            if give_way.paused > before or tick.wait(0.01):
                break
        order.append("caller leaves")
    job.result(5)
    assert give_way.paused == before + 1 and order == ["caller leaves", "job"]
