"""What the user's own turns claimed, as the write path read them: a per-process store the conflict rule reads.

The write path reads every user turn once (``graphmem.linking.analysis``: its statements, against the turn's own
time). The conflict rule needs the claims of the user's recalled words; without this store it parsed the recalled
line again with spaCy on the caller's thread inside ``Session.context()`` (32–39 ms in a quarter of the calls of a
700-turn user beside its writer). The writer (or the session, whose reading the writer takes) leaves each user turn's
statements here under (text, time said); a recalled event finds them by its stored words and time. A turn this
process never read (written before it started, or pushed out by the bound) is not known: the rule parses it as before.
Thread-safe; bounded (oldest out first); no I/O.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from datetime import datetime, timezone
from typing import Any

CAP = 50_000   # user turns remembered (their words and statements: about 10 MB at real turns of ~150 characters)

_lock = threading.Lock()
_known: "OrderedDict[tuple[str, int], tuple]" = OrderedDict()


def _key(text: str, at: Any) -> tuple[str, int] | None:
    if not text or not isinstance(at, datetime):
        return None
    if at.tzinfo is None:
        at = at.replace(tzinfo=timezone.utc)
    return text, int(at.timestamp() * 1000)   # to the millisecond: the store keeps what the writer was given


def remember(text: str, at: Any, statements: Any) -> None:
    """The statements of the user's turn ``text`` said at ``at`` (the turn's one reading)."""
    key = _key(text, at)
    if key is None:
        return
    with _lock:
        _known[key] = tuple(statements)
        _known.move_to_end(key)
        while len(_known) > CAP:
            _known.popitem(last=False)


def of(text: str, at: Any) -> tuple | None:
    """The statements the user's turn ``text`` said at ``at`` was read with, or None if this process never read it."""
    key = _key(text, at)
    if key is None:
        return None
    with _lock:
        return _known.get(key)


def of_recalled(recalled: Any) -> tuple | None:
    """The claims of a recalled memory of the user's own words (a ``Recalled`` event: its stored words and when they
    were said), or None when unknown (then the recalled line is parsed)."""
    if getattr(recalled, "label", None) != "event":
        return None
    return of(getattr(recalled, "source_text", "") or "", getattr(recalled, "when", None))


def clear() -> None:
    with _lock:
        _known.clear()
