"""The dev users' turns as the writer journals them, for the write path's integration tests."""

from __future__ import annotations

from pathlib import Path

from bench.eval.data import load_user
from graphmem.write import ids
from graphmem.write.journal import Entry

DEV = Path(__file__).resolve().parents[3] / "bench" / "eval" / "dev"


def dev_entries(tenant: str) -> tuple[list[Entry], list[str]]:
    """The dev users' turns in order (both languages), as the writer journals them."""
    out, users = [], []
    for f in sorted(DEV.glob("*.yaml")):
        u = load_user(f)
        users.append(u.user)
        for s in u.sessions:
            for t in s.turns:
                p = {"tenant": tenant, "user_id": u.user, "session_id": s.id, "turn_id": str(t.turn_id),
                     "text": t.text, "role": t.role, "speaker": None, "at": t.at.isoformat(), "facts": None,
                     "agent": None, "scope": "user", "submitted": 0.0}
                out.append(Entry(len(out) + 1, ids.turn_key(tenant, u.user, s.id, str(t.turn_id)), p, 0))
    return out, users
