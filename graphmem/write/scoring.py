"""Importance and quality of a memory (both in [0, 1]) and the offline rescoring policy. Pure, no I/O.

importance: how much the memory matters for future answers (goals and preferences > attributes > events
> plain messages; numbers, dates and repeated mentions raise it).
quality: how trustworthy and usable it is (extraction confidence, link confidence, enough real text).
Rescoring lowers importance with age (half-life), lowers quality of superseded or one-off low-content
memories, and archives what falls below the thresholds. It never deletes.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass
from datetime import datetime

KIND_IMPORTANCE = {"goal": 0.8, "preference": 0.75, "attribute": 0.65, "relation": 0.6, "event": 0.55,
                   "message": 0.35, "entity": 0.5}
_DIGIT = re.compile(r"\d")
_WORDISH = re.compile(r"[\w\u3400-\u9fff]")


def _clip(x: float) -> float:
    return round(min(1.0, max(0.0, x)), 4)


def importance(kind: str, text: str = "", *, has_when: bool = False, n_facts: int = 0) -> float:
    base = KIND_IMPORTANCE.get(kind, 0.4)
    if _DIGIT.search(text or ""):
        base += 0.05
    if has_when:
        base += 0.05
    base += min(0.15, 0.05 * n_facts)
    return _clip(base)


def quality(text: str, *, confidence: float = 1.0, link_score: float = 1.0) -> float:
    """Share of real word characters, length, and the extractor's/linker's confidence."""
    text = text or ""
    wordish = len(_WORDISH.findall(text))
    density = wordish / max(1, len(text))
    length = min(1.0, wordish / 12)
    content = 0.6 * min(1.0, density / 0.6) + 0.4 * length
    q = content * (0.5 + 0.5 * min(confidence, max(link_score, 0.0)))
    return _clip(q)


@dataclass(frozen=True)
class RescorePolicy:
    half_life_days: float = 180.0     # importance halves over this age without a new mention
    archive_quality: float = 0.3      # below: archived
    archive_importance: float = 0.12  # below: archived (only memories mentioned once)
    outdated_penalty: float = 0.7     # outdated versions keep this share of their quality


@dataclass(frozen=True)
class Rescored:
    importance: float
    quality: float
    status: str

    @property
    def archived(self) -> bool:
        return self.status == "archived"


def rescore(*, kind: str, status: str, text: str, importance_now: float | None, quality_now: float | None,
            mention_count: int, last_seen: datetime | None, now: datetime,
            policy: RescorePolicy = RescorePolicy()) -> Rescored:
    """New importance/quality/status of one memory. Only lowers; archives, never deletes."""
    imp0 = importance_now if importance_now is not None else importance(kind or "message", text)
    q0 = quality_now if quality_now is not None else quality(text)
    age = max(0.0, (now - last_seen).total_seconds() / 86400) if last_seen else 0.0
    decay = math.pow(0.5, age / policy.half_life_days)
    reinforce = min(1.0, 0.6 + 0.2 * math.log2(1 + max(1, mention_count)))
    imp = min(imp0, imp0 * max(decay, 0.25) * reinforce + (0.0 if mention_count <= 1 else 0.05))
    q = min(q0, quality(text)) if text else q0
    if status == "outdated":
        q = min(q, q0 * policy.outdated_penalty)
    new_status = status
    if q < policy.archive_quality or (mention_count <= 1 and imp < policy.archive_importance):
        new_status = "archived"
    return Rescored(_clip(min(imp, imp0)), _clip(min(q, q0)), new_status)
