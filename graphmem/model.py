"""The long-term graph model: labels, relationship types, key properties and status values.

Everything below lives in Neo4j and is scoped by ``(tenant, user_id)``: every node carries both
properties and every query filters on them with parameters. Every node has ``name`` and ``caption``
(what Neo4j Browser shows). Ids are deterministic (see ``graphmem.write.ids``), so replaying a turn
writes nothing new.

Nodes
-----
``(:User {tenant, user_id, name, caption, created_at, last_seen, last_write, rejected_<reason>, rejected_keys})``
    One per (tenant, user_id). ``rejected_<reason>`` counts turns the write gate turned away; ``rejected_keys``
    holds the journal keys of the last 1,024 of them, so a batch replayed after a crash counts them once. Every
    write transaction first locks its users (``last_write``), so concurrent writers of one user serialise.
``(:Session {id, tenant, user_id, session_id, name, started_at, last_seen})``
    A conversation; groups its events.
``(:Entity {id, tenant, user_id, name, type, aliases, search_names, embedding, status, mention_count,
first_seen, last_seen, importance, quality, is_self})``
    A thing the user talks about ("my laptop", "我妹妹", "the noodle place"). Owned by exactly one user:
    two users' "my laptop" are two nodes. ``is_self`` marks the user's own entity ("me"), which holds
    user-level facts such as a budget.
``(:Card {id, tenant, user_id, entity_id, name, summary, fact_count, updated_at})``
    One attribute card per entity; ``summary`` lists the active ``key: value`` lines (``key: not value`` for a
    dislike or a value no longer true: ``fact_line``).
``(:Fact {id, tenant, user_id, entity_id, kind, key, value, value_num, unit, polarity, text, status, version,
valid_from, valid_to, recorded_at, last_seen, mention_count, importance, quality, language,
session_id, turn_id, event_id, superseded_by, speaker, embedding})``
    One version of one attribute of one entity. ``speaker``: the participant whose turn stated it (null for
    the owner's own facts; such facts stay out of the user's profile). ``kind`` is preference | goal | attribute. ``value`` is a
    string ("8000"; "like"/"dislike" for a bare preference), ``value_num`` the number when there is one,
    ``unit`` apart ("dollars", "元"). ``polarity`` +1/-1 for preferences and goals.
    The slot is ``(entity_id, key)`` — for goals ``(entity_id, 'goal', value)``, since a user has many —
    and at most one version per slot is ``active``. User-level facts (budget, goals) sit on the
    user's own ``is_self`` entity. Rescoring keeps the first scores in ``base_importance``/``base_quality``.
``(:Event {id, tenant, user_id, session_id, turn_id, role, speaker, kind, text, language, occurred_at,
happened_at, recorded_at, importance, quality, status, embedding})``
    An accepted turn of the conversation (the event log and the provenance of every fact). ``role``: user
    (the owner), assistant or participant; ``speaker``: who said it ("Melanie"; null for the owner's own
    turns unless given), also the start of ``name``/``caption`` ("Melanie: …"). ``kind``:
    message (no statement), statement (yielded facts), event (the turn reports something that happened;
    ``happened_at`` = when it happened in the world, resolved from "last Friday"/"上周"). A turn holding
    several clauses gets one extra ``kind: 'event'`` node per event clause, ``-[:DERIVED_FROM]->`` the turn,
    whose ``occurred_at`` is the world time. ``occurred_at`` of a turn is when it was said.
``(:Profile {id, tenant, user_id, name, text, language, updated_at, fact_count})``
    The user profile layer: text regenerated from the active graph (no LLM), showing how it evolved.
``(:Tombstone {tenant, user_id, at, all, kind, event_ids, entity_ids, slots})``
    Left by a forget (ids and attribute keys, no text): turns journaled before ``at`` that it covers are
    dropped by the writer, so queued writes cannot bring back what was forgotten (``graphmem.write.tombstones``).
    Not part of the user's memory: never exported, recalled or counted.

Relationships
-------------
``(User)-[:OWNS]->(Entity)``, ``(User)-[:HAS_PROFILE]->(Profile)``, ``(User)-[:HAD_SESSION]->(Session)``,
``(Session)-[:HAS_EVENT]->(Event)``, ``(Entity)-[:HAS_CARD]->(Card)-[:HAS_FACT]->(Fact)``,
``(Fact)-[:SUPERSEDES]->(Fact)`` (new version -> the one it replaced),
``(Fact)-[:DERIVED_FROM]->(Event)`` (provenance: the turn that stated it, plus every turn that repeated it),
``(Event)-[:MENTIONS]->(Entity)``,
``(User)-[:PREFERS|DISLIKES|WANTS {fact_id, status, version, valid_from, valid_to}]->(Entity)``
    (a preference/goal fact mirrored as an edge; a flip outdates the edge and adds a new one),
``(Entity)-[:RELATED {type, status, valid_from, valid_to, recorded_at, last_seen, mention_count, event_id, text}]->(Entity)``
    typed relation, e.g. (my sister)-[:RELATED {type: 'RECOMMENDED'}]->(the noodle place); kinship and
    roles go from the user's own entity: (me)-[:RELATED {type: 'SISTER'}]->(Lily), and "my sister" becomes
    an alias of Lily.

Status values
-------------
``active`` (current), ``outdated`` (superseded by a newer version; has ``valid_to`` and an incoming
``SUPERSEDES``), ``archived`` (lowered by the offline rescoring job; kept, never deleted, left out
of recall by default; an archived fact still heads its slot: a new value supersedes it, a repeat revives it).

Time
----
``valid_from``/``valid_to``: when the value was true in the world (``valid_to`` set when superseded);
``recorded_at``: when we learned it; ``last_seen``: the last turn that stated it. All UTC datetimes.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime
from typing import Any, Literal

from graphmem.linking.types import Statement

# -- vocabulary -----------------------------------------------------------------------------------
LABELS = ("User", "Session", "Entity", "Card", "Fact", "Event", "Profile")
RELATIONSHIPS = ("OWNS", "HAS_PROFILE", "HAD_SESSION", "HAS_EVENT", "HAS_CARD", "HAS_FACT", "SUPERSEDES",
                 "DERIVED_FROM", "MENTIONS", "PREFERS", "DISLIKES", "WANTS", "RELATED")
ACTIVE, OUTDATED, ARCHIVED = "active", "outdated", "archived"
STATUSES = (ACTIVE, OUTDATED, ARCHIVED)
FACT_KINDS = ("preference", "goal", "attribute")
STATEMENT_KINDS = FACT_KINDS + ("event", "relation")
#: preference/goal polarity -> the User->Entity edge type that mirrors the fact
PREFERENCE_EDGES = {"like": "PREFERS", "dislike": "DISLIKES", "want": "WANTS"}
#: who said a turn: the memory's owner, the assistant, a named participant (group chat, another agent), ...
ROLES = ("user", "assistant", "participant", "system", "tool")
#: why the write gate turned a turn away (also the suffix of ``User.rejected_<reason>``)
REJECT_REASONS = ("greeting", "smalltalk", "chitchat", "duplicate", "judge", "invalid")

Status = Literal["active", "outdated", "archived"]


#: the values a preference or goal without an object is stored with: they say its polarity themselves
STOCK_VALUES = frozenset({"like", "dislike", "want", "no longer want", ""})


def fact_value(value: Any, polarity: Any) -> Any:
    """A fact's value as a card shows it: "not cilantro" for someone's dislike; a stock value ("dislike", the
    user's own, on the thing's card) and a positive one as they are."""
    return f"not {value}" if polarity_sign(polarity) < 0 and str(value) not in STOCK_VALUES else value


def fact_line(key: str, value: Any, polarity: Any) -> str:
    """A fact as a card's summary lists it: "preference: jazz", "preference: not cilantro"."""
    return f"{key}: {fact_value(value, polarity)}"


def polarity_sign(polarity: Any) -> int:
    """+1, -1 or 0 from a stored polarity: a number, or a word ("like"/"want" → +1, "dislike" → -1)."""
    if isinstance(polarity, str):
        return {"like": 1, "want": 1, "dislike": -1}.get(polarity.lower(), 0)
    try:
        return int(polarity or 0)
    except (TypeError, ValueError):
        return 0
FactKind = Literal["preference", "goal", "attribute"]


# -- the write path's input ----------------------------------------------------------------------
#: One statement to store, extracted by ``graphmem.linking`` or given by the caller: linking's ``Statement``
#: itself (kind preference | goal | attribute | event | relation, subject, key, value, polarity, is_change, when,
#: language, text, unit, subject_type, confidence), one type from extraction through the write path.
FactInput = Statement


@dataclass(frozen=True)
class Turn:
    """One conversation turn handed to the writer. ``(tenant, user_id, session_id, turn_id)`` is its key:
    submitting it twice stores it once. ``facts=None`` means: extract them with ``graphmem.linking``.

    ``role``: one of ``ROLES`` — ``user`` (the memory's owner), ``assistant``, ``participant`` (a named person
    in a group chat, or another agent), ``system``, ``tool``; None means ``participant`` when ``speaker`` is
    given, else ``user``. ``speaker``: the display name of who said it ("Melanie"; None for the owner).
    ``agent``: the agent that wrote it (None: the user's own memory); ``scope``: who may read it, see
    :mod:`graphmem.scopes` (None: ``user``, shared by all of the user's agents). ``analysis``: the text already
    read by ``graphmem.linking.analysis.analyse`` at ``at`` (a session's turn, with its mentions); journaled, so it
    is not read twice."""

    user_id: str
    session_id: str
    turn_id: int | str
    text: str
    role: str | None = None
    at: datetime | None = None
    tenant: str | None = None
    facts: tuple[FactInput, ...] | None = None
    speaker: str | None = None
    agent: str | None = None
    scope: str | None = None
    analysis: Any = None


# -- what reads return ---------------------------------------------------------------------------
@dataclass(frozen=True)
class FactVersion:
    id: str
    entity_id: str
    entity: str
    kind: str
    key: str
    value: str
    polarity: str | None
    text: str
    status: str
    version: int
    valid_from: datetime | None
    valid_to: datetime | None
    recorded_at: datetime | None
    last_seen: datetime | None
    mention_count: int
    importance: float
    quality: float
    supersedes: str | None = None
    event_id: str | None = None
    agent: str | None = None       # the agent that learnt it (None: the user's own words); see graphmem.scopes
    scope: str = "user"            # who may read it: user | agent:<id> | team:<id>


@dataclass(frozen=True)
class EntityCard:
    id: str
    name: str
    type: str
    aliases: tuple[str, ...]
    mention_count: int
    facts: tuple[FactVersion, ...]                       # active facts, by key
    relations: tuple[dict, ...] = ()                      # {type, direction, other, other_id, status}
    summary: str = ""


@dataclass(frozen=True)
class Profile:
    user_id: str
    text: str
    language: str
    updated_at: datetime | None = None
    fact_count: int = 0


@dataclass
class WriteStats:
    """What the writer did since it started (``Writer.stats()``); ``rejected`` counts by reason."""

    submitted: int = 0
    written: int = 0
    duplicates_skipped: int = 0
    rejected: dict[str, int] = field(default_factory=dict)
    facts_created: int = 0
    facts_superseded: int = 0
    facts_repeated: int = 0
    entities_created: int = 0
    relations: int = 0
    batches: int = 0
    retries: int = 0
    failed: int = 0
    llm_calls: int = 0
    pending: int = 0
