"""A turn read once: language, the gate's verdict, statements, mentions and times, all against the turn's own time.

``analyse`` is the one reading of a message's words (no models beyond the cached spaCy parse, no I/O). The
short-term session reads its hard facts from it and adds the text's mentions (``with_mentions``, against the names
it knows); a session's turn is journaled with it, so the writer reads neither again: it takes the journaled
mentions whenever its own gazetteer gives the text the same view (``mentions_for``: then an extraction would give
exactly these), and extracts them itself otherwise. The writer reads the other turns itself.

Mentions are shared, links are not: the session links the mentions against its slot table (the session's turns,
ids of the names it was given or ``new:<name>``) for "that laptop" and the task state, while the writer links them
against the user's graph as of its batch — its own per-session slot table of stored entity ids, a gazetteer that
grows with every new entity of the batch, name embeddings, aliases it learns — and the entity ids it creates are
what the graph stores. The same mentions, two different tables, two different answers.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, field, replace
from datetime import datetime, timezone

from .gate import classify_message, is_advice, is_reaction
from .kin import relatives
from .mentions import extract_mentions, known_names
from .normalize import detect_language
from .statements import extract_statements
from .types import GateVerdict, Mention, Statement

SPEAKS_FOR_SELF = frozenset({"user", "participant"})   # roles whose "I" states facts


@dataclass(frozen=True)
class Analysis:
    """One message as read at ``at`` (the message's own time): what the writer and the session consume."""

    text: str
    at: datetime
    role: str
    language: str
    verdict: GateVerdict
    statements: tuple[Statement, ...] = field(default_factory=tuple)   # a speaker's own (not an assistant's)
    advice: bool = False                  # an assistant recommendation or conclusion
    mentions: tuple[Mention, ...] | None = None   # None: not read (``with_mentions``)
    names: tuple = ()                     # the view of the user's names they were read with (``known_names``)

    @property
    def personal(self) -> bool:
        """The speaker states something about themselves (stored even without a fact)."""
        return bool(self.verdict.personal) and self.role in SPEAKS_FOR_SELF

    @property
    def stored(self) -> tuple[Statement, ...]:
        """The statements the write path stores: those of a message the gate finds informative."""
        v = self.verdict
        return self.statements if v.has_information or v.label == "informative" else ()

    def matches(self, text: str, at: datetime, role: str) -> bool:
        """Whether this reading is of ``text`` said at ``at`` by ``role`` (a journaled one is reused only then)."""
        return self.text == text and self.role == role and _utc(self.at) == _utc(at)

    def with_mentions(self, known=None) -> "Analysis":
        """This reading and the text's mentions, extracted against ``known`` (the user's names, or None)."""
        return replace(self, mentions=tuple(extract_mentions(self.text, known)), names=known_names(self.text, known))

    def mentions_for(self, known) -> list[Mention] | None:
        """The mentions read with this turn if ``known`` gives its text the same view (then
        ``extract_mentions(text, known)`` is exactly them), else None: extract them against ``known``."""
        if self.mentions is None or known_names(self.text, known) != self.names:
            return None
        return list(self.mentions)

    def to_json(self) -> dict:
        v = self.verdict
        d = {"text": self.text, "at": self.at.isoformat(), "role": self.role, "language": self.language,
             "verdict": [v.label, v.has_information, list(v.reasons), v.personal], "advice": self.advice,
             "statements": [_statement_json(asdict(s)) for s in self.statements]}
        if self.mentions is not None:
            d["mentions"], d["names"] = [asdict(m) for m in self.mentions], [list(n) for n in self.names]
        return d

    @classmethod
    def from_json(cls, d: dict) -> "Analysis":
        label, info, reasons, personal = d["verdict"]
        mentions = d.get("mentions")
        return cls(d["text"], datetime.fromisoformat(d["at"]), d["role"], d["language"],
                   GateVerdict(label, bool(info), tuple(reasons), bool(personal)),
                   tuple(_statement_from_json(s) for s in d["statements"]), bool(d.get("advice")),
                   None if mentions is None else tuple(_mention_from_json(m) for m in mentions),
                   tuple((s, e, tuple(ids), typ) for s, e, ids, typ in d.get("names") or ()))


REACTION = GateVerdict("chitchat", False, ("an assistant reaction: nothing of its own",))


def reaction_only(text: str, role: str) -> bool:
    """An assistant turn that only reacts ("Good to know. Is Tom a friend of yours?") and advises nothing: the
    gate turns it away whatever else its words say, so nothing parses or classifies it (word rules only)."""
    return role == "assistant" and not is_advice(text) and is_reaction(text)


def analyse(text: str, at: datetime, role: str = "user") -> Analysis:
    """Read one message said at ``at`` by ``role`` (user | participant | assistant)."""
    if reaction_only(text, role):
        return Analysis(text, at, role, detect_language(text), REACTION)
    verdict = classify_message(text, at)
    speaks = role in SPEAKS_FOR_SELF
    said = extract_statements(text, at) if speaks else []
    # first: a relative named by role ("我姐姐", "my son") is the speaker's relative, made as a person
    statements = tuple(relatives(text, detect_language(text), said) + said) if speaks else ()
    advice = role == "assistant" and is_advice(text)
    return Analysis(text, at, role, detect_language(text), verdict, statements, advice)


def _utc(t: datetime) -> datetime:
    return t if t.tzinfo else t.replace(tzinfo=timezone.utc)


def _statement_json(d: dict) -> dict:
    when, value = d.get("when"), d.get("value")
    d["when"] = when.isoformat() if isinstance(when, datetime) else None
    if isinstance(value, datetime):
        d["value"], d["value_type"] = value.isoformat(), "datetime"
    elif not isinstance(value, (str, int, float, bool, type(None))):
        d["value"] = str(value)
    return d


def _statement_from_json(d: dict) -> Statement:
    d = dict(d)
    if d.pop("value_type", None) == "datetime":
        d["value"] = datetime.fromisoformat(d["value"])
    d["when"] = datetime.fromisoformat(d["when"]) if d.get("when") else None
    return Statement(**d)


def _mention_from_json(d: dict) -> Mention:
    return Mention(**{**d, "modifiers": tuple(d.get("modifiers") or ()), "known_ids": tuple(d.get("known_ids") or ())})
