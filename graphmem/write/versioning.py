"""Versioning decisions, pure: given the active version of a slot ``(entity, key)`` and a new statement,
is it new, a repeat (no version; mention_count and last_seen rise) or a change (new version that
supersedes the old one)? No I/O."""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass
from datetime import date, datetime
from typing import Any, Callable

from graphmem.times import as_time, iso

NEW, REPEAT, CHANGE = "new", "repeat", "change"


@dataclass(frozen=True)
class Version:
    """The active version of one slot as the planner sees it."""

    id: str
    value: str
    polarity: int
    version: int
    valid_from: datetime | None = None
    text: str = ""


@dataclass(frozen=True)
class Decision:
    action: str                    # new | repeat | change
    fact_id: str                   # the fact that now holds the slot (new id, or the repeated one)
    version: int
    supersedes: str | None = None  # for change: the outdated fact


def value_text(value: Any) -> str:
    """The stored (string) form of a value: 8000.0 → "8000", whitespace collapsed."""
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, (datetime, date)):   # a birthday, a deadline: ISO 8601 ("2026-04-12")
        return iso(value)
    if isinstance(value, float) and value.is_integer():
        value = int(value)
    return " ".join(str(value if value is not None else "").split())


def same_value(a: str, b: str) -> bool:
    def norm(s: str) -> str:
        when = as_time(s)   # a date stored by an older version ("2026-04-12 00:00:00+00:00") is "2026-04-12"
        return iso(when) if when is not None else " ".join(unicodedata.normalize("NFKC", s).casefold().split())
    return norm(a) == norm(b)


def decide(current: Version | None, value: str, polarity: int, new_id: str) -> Decision:
    """One statement against the slot's active version."""
    if current is None:
        return Decision(NEW, new_id, 1)
    if same_value(current.value, value) and (current.polarity or 0) == (polarity or 0):
        return Decision(REPEAT, current.id, current.version)
    return Decision(CHANGE, new_id, current.version + 1, supersedes=current.id)


class Planner:
    """Applies ``decide`` to a batch in order, so a slot changed twice in one batch chains correctly."""

    def __init__(self, active: dict[tuple[str, str], Version]):
        self.active = dict(active)

    def plan(self, slot: tuple[str, str], value: str, polarity: int, new_id: str,
             at: datetime | None = None, text: str = "") -> Decision:
        d = decide(self.active.get(slot), value, polarity, new_id)
        if d.action != REPEAT:
            self.active[slot] = Version(d.fact_id, value, polarity, d.version, at, text)
        return d

    def outdated_elsewhere(self, slot: tuple, scope: str, value: str, polarity: int,
                           covers: Callable[[str], bool]) -> list[str]:
        """Across scopes (several agents' memory): keys of ``active`` are ``slot + (scope,)``. The active versions
        of ``slot`` in other scopes that a new version in ``scope`` outdates: those ``covers(their scope)`` allows
        (graphmem.scopes.covers) whose value differs; they leave the plan."""
        gone = [k for k, v in self.active.items() if k[:-1] == slot and k[-1] != scope and covers(k[-1])
                and not (same_value(v.value, value) and (v.polarity or 0) == (polarity or 0))]
        return [self.active.pop(k).id for k in gone]

    def outdate_others(self, slot: tuple, covers: Callable[[str], bool]) -> list[str]:
        """An explicit change of a multi-valued key ("actually I'm allergic to shellfish, not peanuts"): the other
        positive values of the key (keys of ``active`` are ``(entity, key, value, scope)``) in scopes
        ``covers`` allows are outdated; they leave the plan. An addition never calls this."""
        gone = [k for k, v in self.active.items() if k[:2] == slot[:2] and k[:-1] != slot and covers(k[-1])
                and (v.polarity or 0) >= 0]
        return [self.active.pop(k).id for k in gone]

    def move(self, old_slot: tuple, new_slot: tuple, value: str, new_id: str, at: datetime | None = None,
             text: str = "") -> Decision:
        """A version that leaves its slot for another one (a plan whose date moved: the slot is the text)."""
        old = self.active.pop(old_slot)
        self.active[new_slot] = Version(new_id, value, old.polarity, old.version + 1, at, text)
        return Decision(CHANGE, new_id, old.version + 1, supersedes=old.id)
