"""A statement as a versioned value: the slot it occupies (one active version each), its key, polarity and
stored value, the User edge it gives, and the kinds the planner treats apart (liked things, reschedules)."""

from __future__ import annotations

from graphmem import cardinality
from graphmem.linking import lexicon
from graphmem.model import FactInput, PREFERENCE_EDGES
from graphmem.write import ids
from graphmem.write.versioning import value_text


def liked_kind(s, ent) -> str:
    """The specific type of a liked thing ("原木风" → style), or "" (not a like, untyped, or too broad a type)."""
    if s.kind != "preference" or polarity(s) <= 0 or ent is None or ent.is_self:
        return ""
    return "" if ent.type in lexicon.BROAD_TYPES else ent.type or ""


def is_reschedule(s) -> bool:
    return s.kind == "event" and s.key == "reschedule" and bool(s.value)


def slot_id(entity_id: str, key: str, value: str) -> tuple:
    """A slot holds one active version. A multi-valued key (``cardinality``: allergies, pets, goals, unknown
    keys) has a slot per value, so a new value never supersedes another one; a negated or flipped one does. So
    is a preference whose value names the liked thing (a participant's likes, on their own card); a bare
    like/dislike sits on the thing's card. A single-valued key (budget, home city) has one slot."""
    if (key != "preference" and cardinality.is_multi(key)) or (key == "preference" and value not in ("like", "dislike")):
        return (entity_id, key, ids.norm_name(value))
    return (entity_id, key)


def slot_key(s: FactInput) -> str:
    if s.kind in ("preference", "goal"):
        return s.key or s.kind
    return s.key or "note"


def polarity(s: FactInput) -> int:
    if s.kind in ("preference", "goal"):
        return -1 if (s.polarity or 0) < 0 else 1
    return int(s.polarity or 0)


def stored_value(s: FactInput) -> str:
    if s.kind in ("preference", "goal") and (s.value is None or value_text(s.value) == ""):
        if s.kind == "goal":
            return "want" if polarity(s) > 0 else "no longer want"
        return "like" if polarity(s) > 0 else "dislike"
    return value_text(s.value)   # the unit is kept apart (Fact.unit): "8000" and "8000 dollars" are one value


def edge(kind: str, polarity: int) -> str | None:
    if kind == "preference":
        return PREFERENCE_EDGES["like" if polarity > 0 else "dislike"]
    if kind == "goal" and polarity > 0:
        return PREFERENCE_EDGES["want"]
    return None
