"""The embedding thread of the write path: one thread per process that embeds texts ahead of their use, while the
writer's thread parses (USE's numpy forward releases the GIL, spaCy's rules hold it).

Two queues, one thread: an *urgent* job (names the linker is about to wait for) runs before any *later* job (a
batch's turn and statement texts, waited for only by the commit), in submission order within each. Timing decides
only when a job runs, never what it computes: a job's texts and their grouping into ``embed`` calls are fixed when
it is submitted, so a text asked for gets the same vector however busy the thread is.
"""

from __future__ import annotations

import heapq
import itertools
import threading
from concurrent.futures import Future

import numpy as np

from graphmem import give_way
from graphmem.embedders import pieces

URGENT, LATER = 0, 1


class Ahead:
    """A one-thread executor with two priorities (``URGENT`` before ``LATER``, FIFO within each)."""

    def __init__(self, name: str = "graphmem-embed"):
        self.name = name
        self._jobs: list = []
        self._seq = itertools.count()
        self._cond = threading.Condition()
        self._thread: threading.Thread | None = None

    def submit(self, fn, *args, priority: int = URGENT) -> Future:
        f: Future = Future()
        with self._cond:
            heapq.heappush(self._jobs, (priority, next(self._seq), f, fn, args))
            if self._thread is None:
                self._thread = threading.Thread(target=self._run, name=f"{self.name}_0", daemon=True)
                self._thread.start()
            self._cond.notify()
        return f

    def _run(self) -> None:
        while True:
            with self._cond:
                while not self._jobs:
                    self._cond.wait()
            give_way.pause()   # a caller inside context()/recall runs first (nobody on its path waits for this thread)
            with self._cond:   # the next job after the pause: an urgent one submitted meanwhile goes first
                _, _, f, fn, args = heapq.heappop(self._jobs)
            if not f.set_running_or_notify_cancel():
                continue
            try:
                f.set_result(fn(*args))
            except BaseException as e:   # the waiter sees it (a model that failed to load: ModelError)
                f.set_exception(e)


#: the process's embedding thread (``graphmem.write.pipeline``)
AHEAD = Ahead()


def vectors(embedder, texts: list[str]) -> dict[str, np.ndarray]:
    return dict(zip(texts, embedder.embed(texts))) if texts else {}


def later(embedder, texts: list[str]) -> list[Future]:
    """``texts`` embedded on the embedding thread behind every urgent job, in pieces whose vectors are those of one
    ``embed(texts)`` call (``embedders.pieces``), so an urgent job waits for one piece at most."""
    return [AHEAD.submit(vectors, embedder, p, priority=LATER) for p in pieces(embedder, texts)]


class Once:
    """An embedder that embeds a text once (within one batch): an unknown name is embedded by the linker, then as
    the new entity's name at the next turn's linking, then for its node; here once (LoCoMo: the writer thread's
    USE texts 595 -> 285, its calls 228 -> 178). ``prefetch``: texts embedded ahead, urgently, on the embedding
    thread; a text asked for later always takes that vector (waiting for it), so the result does not depend on
    timing."""

    def __init__(self, embedder):
        self.embedder, self.vec, self.ahead = embedder, {}, {}

    def __getattr__(self, name):
        return getattr(self.embedder, name)

    def prefetch(self, texts) -> None:
        todo = [t for t in dict.fromkeys(texts) if t not in self.vec and t not in self.ahead]
        if todo:
            f = AHEAD.submit(vectors, self.embedder, todo, priority=URGENT)
            self.ahead.update(dict.fromkeys(todo, f))

    def embed(self, texts) -> np.ndarray:
        texts = list(texts)
        for t in dict.fromkeys(texts):
            if t not in self.vec and t in self.ahead:
                self.vec.update(self.ahead[t].result())
        missing = [t for t in dict.fromkeys(texts) if t not in self.vec]
        if missing:
            self.vec.update(zip(missing, self.embedder.embed(missing)))
        if not texts:
            return np.zeros((0, self.embedder.dimensions), dtype=np.float32)
        return np.stack([self.vec[t] for t in texts])
