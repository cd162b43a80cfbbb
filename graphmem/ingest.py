"""Bulk import of conversations from JSON Lines or CSV: one turn per line (row), validated before anything is
written.

Fields (JSON keys or CSV header; the short names and the ``_id`` names both work):

- ``user`` (``user_id``), ``session`` (``session_id``), ``text``: required;
- ``turn`` (``turn_id``): defaults to the line number, so a re-run of the same file stores nothing twice;
- ``role``: user, assistant or participant (default user; a line with a ``speaker`` and no ``role`` is a
  participant's turn); ``speaker``: who said it ("Melanie"); ``at``: ISO 8601 time it was said.

JSON Lines: ``{"user": "alice", "session": "s1", "text": "...", "at": "2026-03-01T09:00:00+00:00"}``.
CSV (a header row, UTF-8, quoted fields may hold commas and newlines): ``user,session,turn,text,role,speaker,at``;
an empty cell is a missing value. A file is CSV when its name ends in ``.csv``.
"""

from __future__ import annotations

import csv
import io
import json
import time
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


FIELDS = {"user": "user_id", "session": "session_id", "turn": "turn_id"}   # short name -> full name


def read_turns(path: Path, fmt: str | None = None) -> list[TurnLine]:
    """Parse and check every line; raises InputError naming the first bad line (nothing is written). ``fmt``:
    ``"jsonl"`` or ``"csv"``; default by the file name (``.csv`` is CSV)."""
    fmt = fmt or ("csv" if str(path).lower().endswith(".csv") else "jsonl")
    if fmt not in ("jsonl", "csv"):
        raise InputError(f"format must be jsonl or csv, not {fmt!r}")
    try:
        raw = Path(path).read_bytes()
    except OSError as e:
        raise InputError(f"cannot read {path}: {e.strerror}") from None
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError as e:
        raise InputError(f"{path} is not UTF-8 text (byte {e.start})") from None
    turns = [_turn(obj, number, f"{path}:{number}") for number, obj in (_csv(text, path) if fmt == "csv" else
                                                                         _jsonl(text, path))]
    if not turns:
        raise InputError(f"{path} holds no turns")
    return turns


def _jsonl(text: str, path: Path):
    for number, line in enumerate(text.splitlines(), 1):
        if not line.strip():
            continue
        try:
            yield number, json.loads(line)
        except json.JSONDecodeError as e:
            raise InputError(f"{path}:{number}: not JSON ({e.msg})") from None


def _csv(text: str, path: Path):
    reader = csv.DictReader(io.StringIO(text, newline=""))
    header = [(h or "").strip() for h in reader.fieldnames or []]
    known = set(FIELDS) | set(FIELDS.values()) | {"text", "role", "speaker", "at"}
    unknown = [h for h in header if h not in known]
    if not header or unknown:
        raise InputError(f"{path}:1: the CSV header must name the columns user, session, turn, text, role, speaker, "
                         f"at (unknown: {', '.join(unknown) or 'no header'})")
    reader.fieldnames = header
    try:
        for row in reader:
            if None in row:
                raise InputError(f"{path}:{reader.line_num}: more cells than the header has columns")
            if any((v or "").strip() for v in row.values()):
                yield reader.line_num, {k: v for k, v in row.items() if v not in (None, "")}
    except csv.Error as e:
        raise InputError(f"{path}:{reader.line_num}: not CSV ({e})") from None


def _turn(obj: object, number: int, where: str) -> TurnLine:
    from graphmem.write.sanitize import validate_message

    if not isinstance(obj, dict):
        raise InputError(f"{where}: each line must be a JSON object")
    for short, full in FIELDS.items():
        if short in obj:
            if full in obj:
                raise InputError(f"{where}: give {short!r} or {full!r}, not both")
            obj = {**{k: v for k, v in obj.items() if k != short}, full: obj[short]}
    missing = [k for k in ("user_id", "session_id", "text") if not isinstance(obj.get(k), str) or not obj[k].strip()]
    if missing:
        raise InputError(f"{where}: missing or empty {', '.join(k.replace('_id', '') for k in missing)}")
    role = obj.get("role")
    if role is not None and role not in ROLES:
        raise InputError(f"{where}: role must be one of {ROLES}, not {role!r}")
    try:
        owner_id(obj["user_id"], "user_id")
        speaker = clean_speaker(obj.get("speaker"))
        validate_message(obj["text"])   # what Memory.add will accept: checked before anything is written
    except InputError as e:
        raise InputError(f"{where}: {e}") from None
    at = obj.get("at")
    if at is not None:
        try:
            at = datetime.fromisoformat(at)
        except (TypeError, ValueError):
            raise InputError(f"{where}: 'at' must be an ISO datetime, not {at!r}") from None
    return TurnLine(obj["user_id"], obj["session_id"], str(obj.get("turn_id", number)), obj["text"], role, at, speaker)


def ingest(memory, path: Path, progress: Callable[[int], None] | None = None, timeout: float = 3600,
           fmt: str | None = None) -> dict:
    """Write every turn of ``path`` through the journaled write path and wait until it is in the graph.
    ``progress(n)`` is called as turns are stored (committed, or turned away by the gate), not as they are
    queued. Checks first that Neo4j answers and takes the credentials (ConfigError/StoreUnavailable/AuthError,
    nothing journaled); raises StoreError when a turn was not stored (dead-lettered, or still journaled at
    ``timeout``)."""
    turns = read_turns(path, fmt)
    memory.store.ping()
    writer = memory.writer
    failed_before = len(writer.failed())
    for t in turns:
        memory.add(t.user_id, t.session_id, t.turn_id, t.text, role=t.role, speaker=t.speaker, at=t.at)
    deadline, reported = time.monotonic() + timeout, 0
    while True:   # flush() is also False once when a turn went to the dead table: pending tells when all are in
        settled = writer.flush(min(0.5, max(0.0, deadline - time.monotonic())))
        pending = 0 if settled else writer.stats().pending
        stored = max(0, len(turns) - pending)
        if progress and stored > reported:
            progress(stored - reported)
            reported = stored
        if pending == 0 or time.monotonic() >= deadline:
            break
    done = memory.flush(max(0.0, deadline - time.monotonic()))
    stats = writer.stats()
    dead = writer.failed()[failed_before:]
    if dead:
        raise StoreError(f"{len(dead)} of {len(turns)} turns were not stored (moved to the write journal's dead "
                         f"table): {dead[-1]['error']}")
    if not done:
        why = writer.last_error or "still writing"
        raise StoreError(f"{stats.pending} turns are not stored yet after {timeout:.0f}s ({why}); they stay in "
                         f"the write journal and the next run writes them")
    return {"turns": len(turns), "users": len({t.user_id for t in turns}), "flushed": done,
            "rejected": dict(getattr(stats, "rejected", {}) or {})}
