"""The session's entity slot table: every entity mentioned this session, most recent first.

Shared by the short-term layer (which records mentions) and linking (which resolves "that laptop" /
"那个笔记本" against it). Pure in-process data; no I/O.
"""

from __future__ import annotations

from dataclasses import dataclass, replace


@dataclass(frozen=True)
class Slot:
    key: str            # graph entity id, or a provisional id for an entity not yet written
    name: str           # canonical name ("Lenovo ThinkPad X1")
    type: str           # coarse type ("laptop", "restaurant", "person", ...)
    turn: int           # the turn it was last mentioned in
    mentions: int = 1
    surface: str = ""   # how it was last referred to ("my ThinkPad", "那个笔记本")


class SlotTable:
    """Most-recent-first table of entities mentioned in one session."""

    def __init__(self, capacity: int = 200) -> None:
        self.capacity = capacity
        self._slots: dict[str, Slot] = {}

    def mention(self, key: str, name: str, type: str, turn: int, surface: str = "") -> Slot:
        """Record a mention; an entity already present moves to the front and keeps its count."""
        old = self._slots.pop(key, None)
        slot = (replace(old, name=name or old.name, type=type or old.type, turn=turn,
                        mentions=old.mentions + 1, surface=surface or old.surface)
                if old else Slot(key, name, type, turn, 1, surface))
        self._slots[key] = slot
        while len(self._slots) > self.capacity:
            self._slots.pop(next(iter(self._slots)))
        return slot

    def recent(self, type: str | None = None) -> list[Slot]:
        """Slots, most recent first (of one turn, the one mentioned last), optionally only one type."""
        slots = sorted(reversed(self._slots.values()), key=lambda s: s.turn, reverse=True)
        return [s for s in slots if type is None or s.type == type]

    def get(self, key: str) -> Slot | None:
        return self._slots.get(key)

    def rekey(self, old: str, new: str) -> None:
        """A provisional entity got its graph id."""
        slot = self._slots.pop(old, None)
        if slot:
            self._slots[new] = replace(slot, key=new)

    def __len__(self) -> int:
        return len(self._slots)

    def __iter__(self):
        return iter(self.recent())
