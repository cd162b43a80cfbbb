"""Bulk import of conversations from JSON Lines: one turn per line, validated before anything is written.

Each line: ``{"user_id": "alice", "session_id": "s1", "text": "...", "role": "user", "at": "2026-03-01T09:00:00+00:00",
"turn_id": 3, "speaker": "Melanie"}`` (``role``, ``speaker``, ``at`` and ``turn_id`` optional; ``turn_id`` defaults
to the line number, so a re-run of the same file stores nothing twice; a line with a ``speaker`` and no ``role``
is a participant's turn).
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import Callable

from graphmem.errors import InputError, StoreError
from graphmem.write.sanitize import clean_speaker, owner_id

ROLES = ("user", "assistant", "participant")


@dataclass(frozen=True)
class TurnLine:
    user_id: str
    session_id: str
    turn_id: str
    text: str
    role: str | None
    at: datetime | None
    speaker: str | None = None


def read_turns(path: Path) -> list[TurnLine]:
    """Parse and check every line; raises InputError naming the first bad line (nothing is written)."""
    try:
        raw = Path(path).read_bytes()
    except OSError as e:
        raise InputError(f"cannot read {path}: {e.strerror}") from None
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as e:
        raise InputError(f"{path} is not UTF-8 text (byte {e.start})") from None
    turns = []
    for number, line in enumerate(text.splitlines(), 1):
        if not line.strip():
            continue
        try:
            obj = json.loads(line)
        except json.JSONDecodeError as e:
            raise InputError(f"{path}:{number}: not JSON ({e.msg})") from None
        turns.append(_turn(obj, number, f"{path}:{number}"))
    if not turns:
        raise InputError(f"{path} holds no turns")
    return turns


def _turn(obj: object, number: int, where: str) -> TurnLine:
    if not isinstance(obj, dict):
        raise InputError(f"{where}: each line must be a JSON object")
    missing = [k for k in ("user_id", "session_id", "text") if not isinstance(obj.get(k), str) or not obj[k].strip()]
    if missing:
        raise InputError(f"{where}: missing or empty {', '.join(missing)}")
    role = obj.get("role")
    if role is not None and role not in ROLES:
        raise InputError(f"{where}: role must be one of {ROLES}, not {role!r}")
    try:
        owner_id(obj["user_id"], "user_id")
        speaker = clean_speaker(obj.get("speaker"))
    except InputError as e:
        raise InputError(f"{where}: {e}") from None
    at = obj.get("at")
    if at is not None:
        try:
            at = datetime.fromisoformat(at)
        except (TypeError, ValueError):
            raise InputError(f"{where}: 'at' must be an ISO datetime, not {at!r}") from None
    return TurnLine(obj["user_id"], obj["session_id"], str(obj.get("turn_id", number)), obj["text"], role, at, speaker)


def ingest(memory, path: Path, progress: Callable[[int], None] | None = None, timeout: float = 3600) -> dict:
    """Write every turn of ``path`` through the journaled write path and wait until it is in the graph.
    Checks first that Neo4j answers and takes the credentials (ConfigError/StoreUnavailable/AuthError, nothing
    journaled); raises StoreError when a turn was not stored (dead-lettered, or still journaled at ``timeout``)."""
    turns = read_turns(path)
    memory.store.ping()
    failed_before = len(memory.writer.failed())
    for t in turns:
        memory.add(t.user_id, t.session_id, t.turn_id, t.text, role=t.role, speaker=t.speaker, at=t.at)
        if progress:
            progress(1)
    done = memory.flush(timeout)
    stats = memory.writer.stats()
    dead = memory.writer.failed()[failed_before:]
    if dead:
        raise StoreError(f"{len(dead)} of {len(turns)} turns were not stored (moved to the write journal's dead "
                         f"table): {dead[-1]['error']}")
    if not done:
        why = memory.writer.last_error or "still writing"
        raise StoreError(f"{stats.pending} turns are not stored yet after {timeout:.0f}s ({why}); they stay in "
                         f"the write journal and the next run writes them")
    return {"turns": len(turns), "users": len({t.user_id for t in turns}), "flushed": done,
            "rejected": dict(getattr(stats, "rejected", {}) or {})}
