"""Background threads give way to a caller. While a caller's thread is inside ``context()`` or ``recall``, the write
path's thread pauses between units of its work (one turn's rules, one turn's linking) until it leaves, at most
``MAX_PAUSE`` seconds. Python hands the interpreter (the GIL) to a waiting thread only every switch interval, so a
caller that releases it for a query or a numpy product otherwise gets it back only after a busy writer's next
slice: its wall time was several times its CPU while the writer worked. Nothing computed depends on the pauses.

    @give_way.calling                # the caller's side (or ``with give_way.caller():``)
    def context(self, ...): ...

    give_way.pause()                 # a background loop, between units of work

Only threads nobody on the caller's path waits for pause (the writer's thread), never the session's reader or the
recall pool's top-ups, which a caller may be waiting for.
"""

from __future__ import annotations

import functools
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import TypeVar

F = TypeVar("F", bound=Callable)

MAX_PAUSE = 0.1   # seconds a background thread waits for callers at one pause

_cond = threading.Condition()
_inside = 0       # callers inside now
paused = 0        # pauses that waited (a count for benchmarks)
_free_until = 0.0   # no pause before this time (monotonic): the background thread's turn after a pause


@contextmanager
def caller() -> Iterator[None]:
    """The caller's thread is inside: background threads pause at their next :func:`pause`."""
    global _inside
    with _cond:
        _inside += 1
    try:
        yield
    finally:
        with _cond:
            _inside -= 1
            if not _inside:
                _cond.notify_all()


def calling(fn: F) -> F:
    """``fn`` runs as a caller (:func:`caller`)."""
    @functools.wraps(fn)
    def inside(*args, **kwargs):
        with caller():
            return fn(*args, **kwargs)
    return inside  # type: ignore[return-value]


def pause(limit: float = MAX_PAUSE) -> None:
    """Between two units of background work: wait while a caller is inside (at most ``limit`` seconds), then do not
    pause again for as long as this one waited (callers one after another never take more than half its time)."""
    global paused, _free_until
    if not _inside or time.monotonic() < _free_until:   # read without the lock: a caller a moment later is met
        return                                           # at the next pause
    with _cond:
        if _inside:
            paused += 1
            t0 = time.monotonic()
            _cond.wait_for(lambda: not _inside, timeout=limit)
            t1 = time.monotonic()
            _free_until = t1 + (t1 - t0)
