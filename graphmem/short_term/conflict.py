"""Conflict rule: what the user said in this session beats old long-term memory. Pure, no I/O.

A long-term statement is contradicted when it is about the same slot as a session hard fact (same
attribute of the same subject, or a preference for the same thing) with another value or polarity. Such
statements are left out of the assembled context and reported. Statements from the retriever may be plain
strings or objects with ``text`` (and optionally ``kind``, ``subject``, ``key``, ``value``, ``polarity``);
plain strings are parsed with the session's statement extractor when one is given.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from graphmem.model import polarity_sign
from graphmem.short_term.facts import FactLedger, HardFact, norm, slot_of


@dataclass(frozen=True)
class MemoryItem:
    """One long-term memory as the context sees it: a view of what the retriever returned (``source``: a
    ``graphmem.recall.Recalled``, or a custom retriever's string, dict or object) with the claim the conflict rule
    compares. Built by :func:`as_item`; the recalled memory itself stays the one type of recall."""

    text: str
    kind: str = ""
    subject: str = ""
    key: str = ""
    value: Any = None
    polarity: int = 0
    score: float = 0.0
    source: Any = None  # the retriever's own object
    speaker: str | None = None   # who said it (None: the user)


def as_item(obj: Any) -> MemoryItem:
    """The view of what a retriever returned (string, dict, dataclass). A recalled memory (``Recalled``: it has a
    ``label``) claims a slot only as a fact or relation (an event's text is parsed), and an event has no key."""
    if isinstance(obj, MemoryItem):
        return obj
    if isinstance(obj, str):
        return MemoryItem(text=obj.strip(), source=obj)
    label = getattr(obj, "label", None)
    if isinstance(label, str) and hasattr(obj, "source_text"):
        return MemoryItem(text=obj.text, kind=obj.kind if label in ("fact", "relation") else "", subject=obj.subject,
                          key=obj.key if label != "event" else "", value=obj.value, polarity=obj.polarity,
                          score=obj.score, source=obj, speaker=_speaker(obj))
    get = obj.get if isinstance(obj, dict) else (lambda k, d=None: getattr(obj, k, d))
    text = get("text") or get("statement") or get("content") or ""
    return MemoryItem(text=str(text).strip(), kind=str(get("kind", "") or ""), subject=str(get("subject", "") or ""),
                      key=str(get("key", "") or ""), value=get("value"), polarity=polarity_sign(get("polarity", 0)),
                      score=float(get("score", 0.0) or 0.0), source=obj)


def _speaker(recalled: Any) -> str | None:
    """Who said a recalled memory: a participant, the assistant (its replies and advice), or None for the user."""
    if recalled.label == "event" and recalled.kind in ("assistant", "advice"):
        return "assistant"
    return recalled.speaker


def _plain(item: MemoryItem) -> bool:
    """The user's own words with no claim of their own: parsed for the claims they make. Another speaker's words (the
    assistant's, a participant's) claim nothing about the user's slots (their "I" is not the user): not parsed."""
    return not (item.key or item.kind) and item.speaker is None


def _slots_of(item: MemoryItem, parse: Callable[[str], list] | None,
              known: Callable[[Any], Any] | None = None) -> list[tuple[tuple, Any, int]]:
    """(slot, value, polarity) claims the item makes. ``known``: the statements the write path read in the item's
    source (``claims.of_recalled``), None when it never read it; only then is the item's text parsed."""
    if item.key or item.kind:
        slot = slot_of(item.kind or "attribute", item.subject, item.key, item.value)
        return [(slot, item.value, item.polarity)] if slot else []
    if not _plain(item) or parse is None or not item.text:
        return []
    out = []
    statements = _known(item, known)
    try:
        if statements is None:
            statements = parse(item.text)
    except Exception:
        return []
    for st in statements:
        kind = getattr(st, "kind", "")
        slot = slot_of(kind, getattr(st, "subject", ""), getattr(st, "key", ""), getattr(st, "value", None))
        if slot:
            out.append((slot, getattr(st, "value", None), polarity_sign(getattr(st, "polarity", 0))))
    return out


def _known(item: MemoryItem, known: Callable[[Any], Any] | None) -> Any:
    if known is None or item.source is None:
        return None
    try:
        return known(item.source)
    except Exception:
        return None


def contradiction(item: MemoryItem, ledger: FactLedger, parse: Callable[[str], list] | None = None,
                  known: Callable[[Any], Any] | None = None) -> HardFact | None:
    """The session fact that contradicts ``item``, or None."""
    for slot, value, pol in _slots_of(item, parse, known):
        cur = ledger.current(slot)
        if cur is None:
            continue
        if slot[0] == "preference":
            if pol and cur.polarity and pol != cur.polarity:
                return cur
        elif norm(value) != norm(cur.value):
            return cur
    # plain text mentioning a value this session replaced ("Your budget is 5000" after "改成8000")
    for old in ledger.superseded:
        cur = ledger.current(old.slot) if old.slot else None
        if cur is None or old.value is None or norm(old.value) == norm(cur.value):
            continue
        v = str(old.value)
        if len(norm(v)) >= 2 and v in item.text and str(cur.value) not in item.text:
            key_hit = not old.key or norm(old.key) in norm(item.text) or bool(old.text and _shares_words(old.text, item.text))
            if key_hit:
                return cur
    return None


def _shares_words(a: str, b: str) -> bool:
    import re

    wa = {w.lower() for w in re.findall(r"[A-Za-z]{4,}|[\u4e00-\u9fff]{2}", a)}
    wb = {w.lower() for w in re.findall(r"[A-Za-z]{4,}|[\u4e00-\u9fff]{2}", b)}
    return bool(wa & wb)


def resolve(items: Iterable[Any], ledger: FactLedger, parse: Callable[[str], list] | None = None,
            ahead: Callable[[list[str]], None] | None = None, known: Callable[[Any], Any] | None = None
            ) -> tuple[list[MemoryItem], list[tuple[MemoryItem, HardFact]]]:
    """Split long-term statements into (kept, [(dropped, the session fact that beats it)]). Duplicates of
    a session fact's own text are dropped too (they add nothing). ``ahead``: told once the texts ``parse`` is
    about to read (a session parses them in one batch). ``known``: the claims the write path already read in a
    retriever's item (by its source object; None: unknown), which are used instead of parsing its text."""
    kept: list[MemoryItem] = []
    dropped: list[tuple[MemoryItem, HardFact]] = []
    seen: set[str] = set()
    if parse is not None and not any(f.slot for f in ledger.facts):
        parse = None   # a parsed claim beats only a fact with a slot: parsing (spaCy on the caller's thread, a few ms
        #                a memory) against events and goals alone cannot change the answer
    items = [as_item(raw) for raw in items]
    if parse is not None and ahead is not None:
        ahead([i.text for i in items if i.text and _plain(i) and _known(i, known) is None])   # only the unknown
    for item in items:
        if not item.text or norm(item.text) in seen:
            continue
        seen.add(norm(item.text))
        beaten = contradiction(item, ledger, parse, known)
        if beaten is not None:
            dropped.append((item, beaten))
        else:
            kept.append(item)
    return kept, dropped


def render_items(items: Sequence[MemoryItem]) -> list[str]:
    return [i.text for i in items]
