"""Background threads give way to a caller. While a caller's thread is inside ``context()`` or ``recall``, the write
path's thread pauses between units of its work (one turn's rules, one turn's linking) until it leaves, at most
``MAX_PAUSE`` seconds. Python hands the interpreter (the GIL) to a waiting thread only every switch interval, so a
caller that releases it for a query or a numpy product otherwise gets it back only after a busy writer's next
slice: its wall time was several times its CPU while the writer worked. Nothing computed depends on the pauses.

While a caller is inside, the interpreter's automatic garbage collections are held off too (at most
``GC_HELD_AT_MOST`` seconds while callers overlap): a collection holds the GIL on whichever thread allocated last,
and beside a working writer full ones of 30-170 ms fell inside ``context()``. The collections owed run when the
last caller has left, on the ``graphmem-gc`` thread: turned back on on the caller's thread, they ran there at once.

    @give_way.calling                # the caller's side (or ``with give_way.caller():``)
    def context(self, ...): ...

    give_way.pause()                 # a background loop, between units of work

Only threads nobody on the caller's path waits for pause (the writer's, the committer's and the embedding thread),
never the session's reader or the recall pool's top-ups, which a caller may be waiting for.
"""

from __future__ import annotations

import functools
import gc
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import TypeVar

F = TypeVar("F", bound=Callable)

MAX_PAUSE = 0.1   # seconds a background thread waits for callers at one pause
GC_HELD_AT_MOST = 1.0   # seconds the automatic collections stay off while callers overlap

_cond = threading.Condition()
_inside = 0       # callers inside now
paused = 0        # pauses that waited (a count for benchmarks)
_free_until = 0.0   # no pause before this time (monotonic): the background thread's turn after a pause
_gc_held_since: float | None = None   # when a caller turned the automatic collections off (None: they are not)
_gc_thread: threading.Thread | None = None   # turns them back on (``_collector``)


@contextmanager
def caller() -> Iterator[None]:
    """The caller's thread is inside: background threads pause at their next :func:`pause`."""
    global _inside
    with _cond:
        _inside += 1
        _hold_gc()
    try:
        yield
    finally:
        with _cond:
            _inside -= 1
            if not _inside:
                _cond.notify_all()


def _hold_gc() -> None:
    """Automatic collections off while callers are inside (under ``_cond``), unless someone else turned them off;
    the ``graphmem-gc`` thread turns them back on (``_collector``)."""
    global _gc_held_since, _gc_thread
    if _gc_held_since is None and gc.isenabled():
        gc.disable()
        _gc_held_since = time.monotonic()
        if _gc_thread is None:
            _gc_thread = threading.Thread(target=_collector, name="graphmem-gc", daemon=True)
            _gc_thread.start()
        _cond.notify_all()   # the collector's clock starts


def _collector() -> None:
    """Turn the automatic collections back on once no caller is inside, or once they have been off for
    ``GC_HELD_AT_MOST`` (callers that overlap without end must not let garbage pile up), and run those owed here."""
    global _gc_held_since
    while True:
        with _cond:
            while _gc_held_since is None or (_inside and time.monotonic() < _gc_held_since + GC_HELD_AT_MOST):
                _cond.wait(None if _gc_held_since is None else _gc_held_since + GC_HELD_AT_MOST - time.monotonic())
            _gc_held_since = None
            gc.enable()
        _owed = [[]]   # noqa: F841 - an allocation: a collection now due runs on this thread


def calling(fn: F) -> F:
    """``fn`` runs as a caller (:func:`caller`)."""
    @functools.wraps(fn)
    def inside(*args, **kwargs):
        with caller():
            return fn(*args, **kwargs)
    return inside  # type: ignore[return-value]


def pause(limit: float = MAX_PAUSE) -> None:
    """Between two units of background work: wait while a caller is inside (at most ``limit`` seconds), then do not
    pause again for half as long as this one waited (callers one after another never take more than two thirds of its
    time). With the whole wait, the turn outlasted the gap before the next call: beside a 700-turn user's agent loop
    with 30 ms between messages, the writer's pauses inside ``context()`` found it free 70 times against 61 waits."""
    global paused, _free_until
    if not _inside or time.monotonic() < _free_until:   # read without the lock: a caller a moment later is met
        return                                           # at the next pause
    with _cond:
        if _inside:
            paused += 1
            t0 = time.monotonic()
            _cond.wait_for(lambda: not _inside, timeout=limit)
            t1 = time.monotonic()
            _free_until = t1 + (t1 - t0) / 2
