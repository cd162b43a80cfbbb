"""A forget holds against queued writes. ``curate.forget`` leaves a ``(:Tombstone)`` (ids and attribute keys,
no text) with the time of the forget; the writer, inside its transaction and after locking the user, drops
every turn journaled before that time which the forget would have removed: all of the user's (forget
everything), the forgotten turn itself, or one about a forgotten entity or attribute slot. Pure, no I/O.

Times are epoch seconds of the journaling and the forgetting process (keep the hosts' clocks in sync).
"""

from __future__ import annotations

KEEP_SECONDS = 30 * 86400   # a partial tombstone older than this is pruned by the next forget of the user


def since(turns) -> list[dict]:
    """Rows for ``write/tombstones``: per user, the earliest journaling time in the batch."""
    first: dict[tuple[str, str], float] = {}
    for t in turns:
        k = (t.tenant, t.user_id)
        first[k] = min(first.get(k, t.submitted or 0.0), t.submitted or 0.0)
    return [{"tenant": k[0], "user_id": k[1], "since": v} for k, v in sorted(first.items())]


def forgotten(submitted: float, event_id: str, entity_ids: set[str], slots: set[str], stones: list[dict]) -> bool:
    """Whether a turn journaled at ``submitted`` (0: unknown, an old record) falls under one of the user's
    tombstones; ``slots`` as ``"<entity id>|<key>"``."""
    for s in stones:
        if (submitted or 0.0) >= s["at"]:
            continue
        if s["all"] or event_id in (s["event_ids"] or ()) or entity_ids & set(s["entity_ids"] or ()) \
                or slots & set(s["slots"] or ()):
            return True
    return False


def slot(entity_id: str, key: str) -> str:
    return f"{entity_id}|{key}"
