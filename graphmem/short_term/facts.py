"""Hard facts of a session: stated preferences, attributes (budget, dates, names), goals/needs, events.

Extraction is linking's (:func:`extract`, :func:`analyse`) and a hard fact is linking's ``Statement`` said at a turn
of the session (:class:`HardFact`, no copy of its fields); this module keeps the session's ledger: one current value per slot, superseded values dropped and the new value marked
as changed ("budget 5000 then 8000 → only 8000, changed"). Pure, no I/O.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field, replace
from datetime import datetime
from typing import Any

from graphmem import lang as langs
from graphmem.linking.types import Statement
from graphmem.times import as_time, iso

Extractor = Callable[[str, datetime], list]  # (text, now) -> list of graphmem.linking Statement


def extract(text: str, now: datetime) -> list:
    """Statements in one user message, by ``graphmem.linking.extract_statements`` (empty if not installed)."""
    try:  # graphmem.linking.api: the package __init__ is skipped by editable installs (see linking/__init__.py)
        from graphmem.linking.api import extract_statements
    except ImportError:  # linking not available: the session still works, without hard facts
        return []
    return list(extract_statements(text, now))


def parse_ahead(texts: Sequence[str]) -> None:
    """Parse the English ones of ``texts`` in one spaCy batch, so that :func:`extract` finds them parsed (a ``Doc`` is
    the same whichever way it was parsed, and a batch costs 2-3x less CPU a text than one at a time)."""
    try:
        from graphmem.linking.api import is_english_text
        from graphmem.linking.nlp import english_docs
    except ImportError:  # linking not available: nothing to parse
        return
    english = [t for t in texts if "?" not in t and is_english_text(t)]   # the rules parse no question (en_facts)
    if english:
        english_docs(english)


def analyse(text: str, now: datetime) -> Any:
    """The user message's one reading (``graphmem.linking.analysis``: language, gate verdict, statements), or
    None if linking is not installed. The session takes its statements from it; the write path reuses it."""
    try:
        from graphmem.linking.analysis import analyse as read
    except ImportError:
        return None
    return read(text, now, "user")


def norm(value: Any) -> str:
    """Comparable form of a subject/key/value: lower case, no spaces or punctuation."""
    if isinstance(value, float) and value.is_integer():
        value = int(value)
    return re.sub(r"[\s\W_]+", "", str(value if value is not None else "")).lower()


@langs.cached
def _self_subjects() -> frozenset[str]:
    """A subject that is the user, as ``norm`` reads it: the packs' names of the user and what a memory's text
    calls them (you, your)."""
    return frozenset(norm(w) for w in langs.self_names(addressed=True))


def slot_of(kind: str, subject: Any, key: Any, value: Any = None) -> tuple[str, str, str] | None:
    """The identity a newer statement supersedes: attributes by (subject, key), preferences by their
    object, relations by (subject, key). Events and goals accumulate (``None``)."""
    subj = norm(subject)
    subj = "" if subj in _self_subjects() else subj
    if kind == "attribute" and key:
        return ("attribute", subj, norm(key))
    if kind == "preference":
        return ("preference", subj or norm(value), norm(key) if key and norm(key) != "preference" else "")
    if kind == "relation" and key:
        return ("relation", subj, norm(key))
    return None


@dataclass(frozen=True)
class HardFact:
    """A statement (linking's ``Statement``, the one statement type) said at ``turn`` of this session; ``changed``:
    a newer value replaced an earlier one stated in this session. Its fields read through to the statement."""

    statement: Statement
    turn: int
    changed: bool = False

    kind = property(lambda self: self.statement.kind)
    subject = property(lambda self: self.statement.subject)
    key = property(lambda self: self.statement.key)
    value = property(lambda self: self.statement.value)
    polarity = property(lambda self: self.statement.polarity)
    text = property(lambda self: self.statement.text)
    when = property(lambda self: self.statement.when)
    unit = property(lambda self: self.statement.unit)
    is_change = property(lambda self: self.statement.is_change)   # said as a change ("改成", "instead", "no longer")

    @property
    def slot(self) -> tuple[str, str, str] | None:
        return slot_of(self.kind, self.subject, self.key, self.value)

    def render(self, lang: str = "en") -> str:
        mark = langs.pack(lang).say("changed_mark") if (self.changed or self.is_change) else ""
        if self.text and len(self.text) <= 120:
            body = self.text.strip()
        else:
            body = self.structured()
        if self.when and self.kind == "event":
            body += f" [{self.when:%Y-%m-%d}]"
        return body + mark

    def structured(self) -> str:
        who = f"{self.subject} " if self.subject else ""
        when = as_time(self.value) if self.value is not None else None   # a birthday: "2026-04-12", not str(datetime)
        val = f"{iso(when) if when is not None else self.value}{(' ' + self.unit) if self.unit else ''}"
        if self.kind == "preference":
            verb = "likes" if self.polarity > 0 else "dislikes" if self.polarity < 0 else "mentions"
            return f"{who or 'user '}{verb} {val}".strip()
        if self.kind in ("attribute", "relation"):
            return f"{who}{self.key}: {val}".strip()
        return f"{self.kind}: {self.text or val}"


def to_fact(st: Any, turn: int) -> HardFact:
    """A linking ``Statement`` (or any object with its fields: a custom extractor's) said at ``turn``."""
    g = lambda name, default=None: getattr(st, name, default)  # noqa: E731
    return HardFact(Statement(
        kind=g("kind", "attribute") or "attribute", subject=g("subject", "") or "", key=g("key", "") or "",
        value=g("value"), polarity=int(g("polarity", 0) or 0), is_change=bool(g("is_change", False)), when=g("when"),
        language=g("language", "") or "", text=(g("text", "") or "").strip(), unit=g("unit", "") or "",
        subject_type=g("subject_type", "") or "", confidence=g("confidence", 1.0)), turn)


@dataclass
class FactLedger:
    """The session's hard facts: one current fact per slot, in the order first stated, plus a log of the
    values that were superseded (so summaries can drop them)."""

    max_facts: int = 80
    facts: list[HardFact] = field(default_factory=list)
    superseded: list[HardFact] = field(default_factory=list)
    version: int = 0

    def add(self, fact: HardFact) -> HardFact | None:
        """Record a fact; returns the fact it superseded, if any. Repeats of the same value are merged."""
        slot = fact.slot
        old = None
        if slot is not None:
            for i, f in enumerate(self.facts):
                if f.slot == slot:
                    if norm(f.value) == norm(fact.value) and f.polarity == fact.polarity:
                        return None  # a repeat: keep the first statement of it
                    old = self.facts.pop(i)
                    break
        if old is not None:
            self.superseded.append(old)
            fact = replace(fact, changed=True)
        elif fact.kind in ("event", "goal") and any(norm(f.text) == norm(fact.text) for f in self.facts):
            return None
        self.facts.append(fact)
        while len(self.facts) > self.max_facts:  # oldest events go first, attributes/preferences stay
            victim = next((i for i, f in enumerate(self.facts) if f.kind in ("event", "goal")), 0)
            self.facts.pop(victim)
        self.version += 1
        return old

    def add_all(self, statements: Iterable[Any], turn: int) -> list[tuple[HardFact, HardFact | None]]:
        return [(f, self.add(f)) for f in (to_fact(s, turn) for s in statements)]

    def current(self, slot: tuple[str, str, str]) -> HardFact | None:
        return next((f for f in self.facts if f.slot == slot), None)

    def superseded_markers(self) -> list[str]:
        """Text fragments that identify superseded statements (their own words, their old values)."""
        out: list[str] = []
        for f in self.superseded:
            cur = self.current(f.slot) if f.slot else None
            if f.text:
                out.append(f.text)
            v = str(f.value) if f.value is not None else ""
            if v and (cur is None or norm(cur.value) != norm(v)) and len(norm(v)) >= 2:
                out.append(v)
        return out

    def __len__(self) -> int:
        return len(self.facts)

    def __iter__(self):
        return iter(self.facts)
