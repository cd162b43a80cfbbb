"""The journal codec: what ``Writer.submit`` journals for a turn (a JSON payload) and the turn the pipeline reads
back from it (``Prepared``), with the caller's facts and times."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timezone
from typing import Any

from graphmem.model import FactInput
from graphmem.write import ids
from graphmem.write.versioning import value_text


def utc(t: datetime | str | None) -> datetime:
    if t is None:
        return datetime.now(timezone.utc)
    if isinstance(t, str):
        t = datetime.fromisoformat(t)
    return t if t.tzinfo else t.replace(tzinfo=timezone.utc)


def fact_to_json(f: FactInput) -> dict:
    d = dict(f.__dict__)
    d["when"] = f.when.isoformat() if f.when else None
    if not isinstance(d["value"], (str, int, float, bool, type(None))):
        d["value"] = value_text(d["value"])   # a date as ISO 8601, not str(datetime)
    return d


def fact_from_json(d: dict) -> FactInput:
    d = dict(d)
    d["when"] = utc(d["when"]) if d.get("when") else None
    return FactInput(**d)


@dataclass
class Prepared:
    key: str
    tenant: str
    user_id: str
    session_id: str
    turn_id: str
    text: str
    role: str
    at: datetime
    facts: list[FactInput] | None
    submitted: float = 0.0
    event_id: str = ""
    speaker: str | None = None      # who said it ("Melanie"); None for the owner (records before it: None)
    agent: str | None = None        # the agent that wrote it (graphmem.scopes); None: the user's own memory
    scope: str = "user"             # who may read it: user | agent:<id> | team:<id> (records before it: user)
    analysis: Any = None            # ``graphmem.linking.analysis.Analysis`` journaled with it (a session's turn)

    @classmethod
    def from_payload(cls, key: str, p: dict) -> "Prepared":
        facts = None if p.get("facts") is None else [fact_from_json(f) for f in p["facts"]]
        t = cls(key, p["tenant"], p["user_id"], p["session_id"], str(p["turn_id"]), p["text"], p.get("role") or "user",
                utc(p["at"]), facts, p.get("submitted", 0.0), speaker=p.get("speaker") or None,
                agent=p.get("agent") or None, scope=p.get("scope") or "user")
        if p.get("analysis"):
            from graphmem.linking.analysis import Analysis

            try:
                t.analysis = Analysis.from_json(p["analysis"])
            except (KeyError, TypeError, ValueError):   # a reading this version cannot take back: read it again
                t.analysis = None
        t.event_id = ids.event_id(t.tenant, t.user_id, t.session_id, t.turn_id)
        return t

    @property
    def participant(self) -> str | None:
        """The speaker's name if this is a participant's turn (their "I" is them, not the user), else None."""
        return self.speaker if self.role == "participant" else None

    @property
    def said_by(self) -> tuple[str, str]:
        """Who said it, for the exact-repeat check: (role, speaker)."""
        return self.role, self.speaker or ""
