"""Value types of graphmem.linking. Plain frozen dataclasses; no model imports."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime
from typing import Any, Literal

Language = Literal["zh", "en", "mixed"]
MentionKind = Literal["named", "demonstrative", "possessive", "pronoun", "noun"]
LinkStatus = Literal["linked", "new", "ambiguous"]
StatementKind = Literal["preference", "goal", "attribute", "event", "relation"]
GateLabel = Literal["greeting", "smalltalk", "chitchat", "informative"]


@dataclass(frozen=True)
class Mention:
    """A span of the message that refers (or may refer) to an entity.

    ``kind``: ``named`` (a name: NER, proper noun, or a known name/alias found by the gazetteer),
    ``demonstrative`` ("that laptop", "this one", "the restaurant you recommended", "那个笔记本",
    "之前说的那个方案"), ``possessive`` ("my sister", "我妹妹", "我的电脑"), ``pronoun`` (it, they, 它, 他),
    ``noun`` (an indefinite or bare common noun: "a laptop", "买个笔记本").
    ``head``: the head noun ("laptop", "笔记本"; "" for "this one"/"它"). ``type``: coarse type guess
    ("laptop", "restaurant", "person", ... or "" when unknown). ``role``: a kinship/relationship role for
    possessives ("sister", "mother", ...). ``known_ids``: ids of known entities whose name or alias
    matched this span exactly (after normalisation) — the gazetteer's verdict.
    """

    surface: str
    start: int
    end: int
    kind: MentionKind
    head: str = ""
    type: str = ""
    language: Language = "en"
    role: str = ""
    modifiers: tuple[str, ...] = ()
    known_ids: tuple[str, ...] = ()
    recall_cue: bool = False   # "之前说的", "you recommended", "I mentioned": points back in time


@dataclass(frozen=True)
class KnownEntity:
    """One entity of the user's graph, as the linker needs it."""

    id: str
    name: str
    type: str
    aliases: tuple[str, ...] = ()
    embedding: Any = None            # optional L2-normalised 1-D numpy vector of the name
    last_seen: datetime | None = None


@dataclass(frozen=True)
class Candidate:
    entity_id: str
    name: str
    type: str
    score: float
    source: str     # "slot", "gazetteer", "fuzzy", "embedding", "type"


@dataclass(frozen=True)
class Link:
    """The linker's verdict on one mention.

    ``status``: ``linked`` (``entity_id`` set), ``new`` (no candidate is good enough: a new entity),
    ``ambiguous`` (several candidates are close; ``candidates`` lists them best first).
    ``new_alias``: the surface form that should be learned as an alias of ``entity_id`` (or None).
    ``entity_name``/``entity_type``: the linked entity's canonical name and type (or the mention's own for
    ``new``), handy for recording into the slot table.
    """

    mention: Mention
    status: LinkStatus
    entity_id: str | None
    score: float
    reason: str
    candidates: tuple[Candidate, ...] = ()
    new_alias: str | None = None
    entity_name: str = ""
    entity_type: str = ""


@dataclass(frozen=True)
class Statement:
    """A storable claim extracted from one user message.

    ``kind``: ``preference`` (polarity +1 like / -1 dislike), ``goal`` (something the user wants to do or
    reach), ``attribute`` (``key`` = ``value``: "budget" = 8000, "model" = "ThinkPad X1"), ``event``
    (something that happened or will happen; ``when`` resolved against the message time), ``relation``
    (``subject`` is the user's ``key``: "Lily" is the user's "sister").
    ``subject``: the surface of what the statement is about ("my laptop", "寿司", "" = the user).
    ``value``: normalised value; numbers are ``int``/``float`` (五千 → 5000, "8k" → 8000); dates (deadline,
    birthday) are ``datetime``. ``key`` for attributes: budget, price, salary, rent, deadline, birthday, model,
    allergy, age, employer, job, school, location, ... (the packs' ``attribute_cues.tsv``); for preferences it
    is "" or "response_style" (standing instructions: "always answer in Chinese").
    A *reschedule* is an event with ``key`` "reschedule" and ``value`` the new time as said ("改到八月三号" →
    "八月三号"); the write path moves the date of the plan it is about.
    ``is_change``: the message marks a change (改成/换成/不要了/instead/no longer/actually) — the write path
    supersedes the previous version.
    The one statement type from linking through the write path: a caller's own statements are the same type
    (``graphmem.model.FactInput``). Relations: ``subject`` —[key]→ ``value`` when ``value`` names an entity ("my
    sister" RECOMMENDED "the noodle place"). ``language`` "" takes the turn's; ``subject_type`` (the subject's
    type when the caller knows it) and ``confidence`` (0..1, into the fact's quality) are a caller's.
    """

    kind: StatementKind
    subject: str = ""
    key: str = ""
    value: Any = None
    polarity: int = 0
    is_change: bool = False
    when: datetime | None = None
    language: str = ""
    text: str = ""
    unit: str = ""
    subject_type: str = ""
    confidence: float = 1.0


@dataclass(frozen=True)
class GateVerdict:
    """The write gate's view of a message. ``has_information`` is True whenever anything storable is
    present, even next to a greeting ("hi! my budget is now 8000" → label informative)."""

    label: GateLabel
    has_information: bool
    reasons: tuple[str, ...] = field(default_factory=tuple)
    #: the message states something about the user or their world (first person + a verb, a quantity, a
    #: habit/state cue: "I'm on green tea now", "我养了一只猫", "称了一下，一百七十二斤了") — storable on its own
    personal: bool = False

    @property
    def storable(self) -> bool:
        return self.has_information
