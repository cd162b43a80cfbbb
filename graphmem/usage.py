"""What recall used. The ids of the memories recall returned are stamped ``last_recalled`` (and counted in
``recall_count``) in the graph, a batch every few seconds off the caller's thread, so ``graphmem maintain``
never archives a memory that recall still returns."""

from __future__ import annotations

import logging
import threading
from datetime import datetime, timezone
from typing import Any, Iterable

log = logging.getLogger("graphmem.usage")


def memory_id(item: Any) -> str | None:
    """The graph id of a recalled memory (a ``Recalled``, or a context item whose ``source`` is one)."""
    found = getattr(item, "id", None) or getattr(getattr(item, "source", None), "id", None)
    return found if isinstance(found, str) else None


class RecallLog:
    """Collects recalled ids; ``flush()`` writes them (also every ``every`` seconds, and on ``close()``)."""

    def __init__(self, store, every: float = 5.0) -> None:
        self.store, self.every = store, every
        self._pending: dict[tuple[str, str, str], int] = {}
        self._lock = threading.Lock()
        self._timer: threading.Timer | None = None

    def note(self, tenant: str, user_id: str, items: Iterable[Any]) -> None:
        """Cheap: remembers the ids; the write happens later on a timer thread."""
        ids = [i for i in map(memory_id, items) if i]
        if not ids:
            return
        with self._lock:
            for i in ids:
                key = (tenant, user_id, i)
                self._pending[key] = self._pending.get(key, 0) + 1
            if self._timer is None and self.every > 0:
                self._timer = threading.Timer(self.every, self.flush)
                self._timer.daemon = True
                self._timer.start()

    def flush(self) -> int:
        """Write what was noted; returns how many memories were stamped. Failures are logged, not raised."""
        with self._lock:
            pending, self._pending, self._timer = self._pending, {}, None
        if not pending:
            return 0
        at = datetime.now(timezone.utc).isoformat()
        rows = [{"tenant": t, "user_id": u, "id": i, "times": n, "at": at} for (t, u, i), n in pending.items()]
        try:
            self.store.run("curate/mark_recalled", {"rows": rows}, write=True)
        except Exception as e:  # a stamp is a safety margin for maintain, never worth failing the caller
            log.info("could not record %d recalled memories: %s", len(rows), e)
            return 0
        return len(rows)

    def close(self) -> None:
        with self._lock:
            timer = self._timer
        if timer is not None:
            timer.cancel()
        self.flush()
