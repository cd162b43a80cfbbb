"""Text derived from the graph, kept in step with curation: the profile is regenerated after every change, and
a forgotten fact is redacted from the text that still states it (the turns it came from, their statement
events and sibling facts), so recall cannot answer it from there."""

from __future__ import annotations

import re
from datetime import datetime

from graphmem.model import STOCK_VALUES
from graphmem.store import Tx
from graphmem.write import ids, profile_text

MARK = "[forgotten]"


def refresh_profile(tx: Tx, tenant: str, user_id: str, at: datetime) -> None:
    """Regenerate the user's profile text from the active graph (as the write path does after a batch)."""
    p = profile_text.build(user_id, tx.run("read/profile_facts", {"tenant": tenant, "user_id": user_id}))
    tx.run("write/upsert_profile", {"rows": [{"tenant": tenant, "user_id": user_id,
                                              "id": ids.profile_id(tenant, user_id), "text": p.text,
                                              "language": p.language, "fact_count": p.fact_count,
                                              "at": at.isoformat()}]})


def terms(fact: dict) -> list[str]:
    """What a fact states, as it may appear in text: its value ("8123", also "8,123"), or for a bare like,
    dislike or want the thing's names ("dark themes")."""
    value = str(fact.get("value") if fact.get("value") is not None else "").strip()
    if value.lower() not in STOCK_VALUES:
        out = [value]
        if re.fullmatch(r"\d{4,}", value):
            out.append(f"{int(value):,}")
        return out
    if fact.get("is_self"):
        return []
    return [n for n in [fact.get("entity"), *(fact.get("aliases") or [])] if n and n.strip()]


def _pattern(term: str) -> re.Pattern:
    t = re.escape(term.strip())
    if term.isascii():   # a whole word or number: "8123" is not redacted out of "81234"
        return re.compile(rf"(?<![0-9A-Za-z]){t}(?![0-9A-Za-z])", re.I)
    return re.compile(t, re.I)


def states(text: str, found: list[str]) -> bool:
    return any(_pattern(t).search(text or "") for t in found if t.strip())


def redact(text: str, found: list[str], clause: str = "") -> str:
    """``text`` with every occurrence of ``found`` replaced by the mark; when none occurs, the fact's own
    ``clause`` ("我的预算改成八千了" stores 8000); when that does not occur either, the whole text."""
    out = text or ""
    for t in sorted((t for t in found if t.strip()), key=len, reverse=True):
        out = _pattern(t).sub(MARK, out)
    if out != text:
        return out
    clause = (clause or "").strip().rstrip("。.!！?？")
    if clause and clause in out:
        return out.replace(clause, MARK)
    return MARK
