"""Embedding worker processes (``graphmem.embed_process``) with the real USE model: the rows are the in-process
embedder's to the bit, and no call waits for or fails with a worker."""

import sys
import time

import numpy as np
import pytest

from graphmem.embed_process import ProcessEmbedder, default_workers
from graphmem.embedders import UseEmbedder, get_embedder, pieces
from graphmem.errors import ConfigError
from graphmem.settings import Settings

TEXTS = ["My ThinkPad E14 has 16GB of RAM.", "我妹妹推荐了那家面馆", "周末去 Lisbon 玩", "", "x" * 3000] + \
        [f"turn {i}: we talked about the garden and the {i} tomatoes" for i in range(70)]   # more than one batch


def _loaded(embedder: ProcessEmbedder, n: int = 1, timeout: float = 60) -> ProcessEmbedder:
    embedder.embed(["start"])
    deadline = time.monotonic() + timeout
    while embedder.workers < n and time.monotonic() < deadline:
        time.sleep(0.05)
    assert embedder.workers == n, "the worker did not load its model"
    return embedder


@pytest.fixture
def inner():
    return UseEmbedder()


def test_worker_rows_are_the_in_process_rows(inner):
    pe = _loaded(ProcessEmbedder(inner, "use", None, None, 1))
    try:
        via_worker = pe.embed(TEXTS)
        assert pe.workers == 1   # the worker answered (a failed one is dropped)
        assert np.array_equal(via_worker, inner.embed(TEXTS))
        assert via_worker.dtype == np.float32 and via_worker.shape == (len(TEXTS), 512)
        assert pe.embed([]).shape == (0, 512)
    finally:
        pe.close()
    assert pe.workers == 0


class _Counting:
    """The in-process embedder, passed through, counting the texts it embeds (which path a call took)."""

    def __init__(self, inner) -> None:
        self.inner, self.name, self.dimensions, self.texts = inner, inner.name, inner.dimensions, 0

    def embed(self, texts):
        self.texts += len(texts)
        return self.inner.embed(texts)


def test_a_call_before_the_worker_is_loaded_runs_in_process(inner):
    counting = _Counting(inner)
    pe = ProcessEmbedder(counting, "use", None, None, 1)
    pe._argv = [sys.executable, "-c", "import time; time.sleep(600)"]   # a worker still loading throughout
    try:
        first = pe.embed(TEXTS[:3])   # starts the worker; the call does not wait for it
        assert counting.texts == 3 and pe.workers == 0   # it ran in process
        assert np.array_equal(first, inner.embed(TEXTS[:3]))
        (worker,) = pe._all
    finally:
        pe.close()
    assert worker.proc.poll() is not None   # one still loading is stopped, not waited for


def test_a_killed_worker_loses_no_call(inner):
    pe = _loaded(ProcessEmbedder(inner, "use", None, None, 1))
    try:
        (worker,) = pe._all
        worker.proc.kill()
        worker.proc.wait()
        assert np.array_equal(pe.embed(TEXTS[:4]), inner.embed(TEXTS[:4]))   # in process instead
        assert pe.workers == 0
        assert np.array_equal(pe.embed(TEXTS[4:6]), inner.embed(TEXTS[4:6]))
    finally:
        pe.close()


def test_a_worker_that_cannot_load_is_dropped(inner):
    pe = ProcessEmbedder(inner, "no-such-embedder", None, None, 1)
    try:
        assert np.array_equal(pe.embed(TEXTS[:2]), inner.embed(TEXTS[:2]))
        (worker,) = pe._all
        worker.proc.wait(timeout=60)
        time.sleep(0.2)
        assert pe.workers == 0 and pe._idle == []
        assert np.array_equal(pe.embed(TEXTS[:2]), inner.embed(TEXTS[:2]))
    finally:
        pe.close()


def test_pieces_are_the_in_process_embedders(inner):
    pe = ProcessEmbedder(inner, "use", None, None, 1)
    assert [len(p) for p in pieces(pe, TEXTS)] == [len(p) for p in pieces(inner, TEXTS)] == [64, len(TEXTS) - 64]
    pe.close()


def test_settings_choose_the_workers():
    assert Settings(embed_workers="0").embed_workers == 0
    assert Settings().workers_for_embedding == default_workers() == max(0, min(2, (__import__("os").cpu_count() or 1) - 1))
    assert Settings.from_env({"GRAPHMEM_EMBED_WORKERS": "2"}).workers_for_embedding == 2
    for bad in ("-1", "many", "99"):
        with pytest.raises(ConfigError, match="GRAPHMEM_EMBED_WORKERS"):
            Settings.from_env({"GRAPHMEM_EMBED_WORKERS": bad})
    assert not isinstance(get_embedder(Settings(embed_workers=0)), ProcessEmbedder)
    shared = get_embedder(Settings(embed_workers=1))
    assert isinstance(shared, ProcessEmbedder) and shared is get_embedder(Settings(embed_workers=1))
