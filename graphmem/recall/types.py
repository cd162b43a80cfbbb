"""Value types of the recall layer. Plain dataclasses; no I/O."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

#: the recall paths; each can be switched off in :class:`graphmem.recall.RecallConfig`
PATHS = ("vector", "fulltext", "graph", "recency", "window", "slots", "session", "later")


ASSISTANT_KINDS = frozenset({"assistant", "advice"})   # the kinds of the assistant's own words: replies, advice


@dataclass
class Candidate:
    """One memory as the paths found it, before ranking. ``label``: fact | event | relation.
    ``paths``: path name → that path's own score (vector: cosine; fulltext: normalised Lucene score;
    graph/slots: link weight, 1 for a directly linked entity, less per hop; recency, window: 1)."""

    id: str
    label: str
    text: str = ""
    kind: str = ""
    key: str = ""
    value: Any = None
    polarity: Any = None
    status: str = "active"
    entity_id: str | None = None
    entity: str | None = None
    is_self: bool = False
    object_is_self: bool = False
    object_id: str | None = None
    t_from: datetime | None = None
    t_to: datetime | None = None
    recorded_at: datetime | None = None
    last_seen: datetime | None = None
    mention_count: int = 1
    importance: float = 0.5
    quality: float = 1.0
    language: str | None = None
    session_id: str | None = None
    superseded_by: str | None = None
    source_id: str | None = None
    whole: str = ""              # the short message a clause or fact was drawn from, as written: shown in its place
    sim: float | None = None
    paths: dict[str, float] = field(default_factory=dict)
    via: dict[str, str] = field(default_factory=dict)      # path → what led there (entity name, slot)
    speaker: str | None = None   # who said it: a participant's name (None: the user, or not a message)
    features: dict[str, float] = field(default_factory=dict)   # query-dependent signals the retriever adds
    newer: str | None = None   # a later candidate about the same thing (see ``scoring.link_newer``)
    referents: tuple[str, ...] = ()   # whom the message's pronouns mean: "he=Callum"

    def add_path(self, path: str, score: float, via: str = "") -> None:
        if score > self.paths.get(path, float("-inf")):
            self.paths[path] = score
            if via:
                self.via[path] = via


@dataclass(frozen=True)
class Recalled:
    """One recalled memory, rewritten for the prompt.

    ``status``: active; outdated (superseded; recalled only when the question asks about the past); stale (a
    message part of which was changed later: demoted and marked, not hidden).
    ``text``: the second-person statement ("You prefer dark themes; you said so in March and again last
    week"); ``source_text``: what was stored. ``explanation`` (with ``explain=True``): the paths that found
    it with their own scores, each score component and the final score."""

    id: str
    label: str
    text: str
    source_text: str
    score: float
    kind: str = ""
    subject: str = ""
    key: str = ""
    value: Any = None
    polarity: int = 0
    status: str = "active"
    entity_id: str | None = None
    when: datetime | None = None
    last_seen: datetime | None = None
    mention_count: int = 1
    paths: tuple[str, ...] = ()
    explanation: dict | None = None
    session_id: str | None = None     # where it was said: the session and turn of the source message
    turn_id: str | None = None
    speaker: str | None = None        # who said it (None: the user)
    agent: str | None = None          # the agent that learnt it, and who may read it (graphmem.scopes); set by
    scope: str | None = None          # an agent's view (graphmem.agents), None in the owner's view

    def __str__(self) -> str:
        return self.text


@dataclass(frozen=True)
class RelatedEntity:
    id: str
    name: str
    type: str
    hops: int
    path: tuple[dict, ...]           # the relations walked: {type, from, to, status, text}
