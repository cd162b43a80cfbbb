"""Whether recalled memories go into a session's context at all: nothing relevant, nothing injected. Pure.

``recall()`` returns what a caller asked for (k memories above ``ScoringConfig.min_score``); the context block is
stricter, because an injected memory costs tokens and can mislead. :class:`ContextGate` (``RecallConfig.
context_gate``), chosen with ``bench/offtopic_bench.py`` on the off-topic dev questions, the eval users' probes and
LoCoMo dev: a memory is relevant when its score (the fitted probability that it answers the question) reaches
``min_best`` and it is semantically close (normalised cosine ≥ ``min_semantic``) or scores ``sure`` or more (0:
never), or when it is very close (normalised cosine ≥ ``close``; 0: never) whatever its score ("What should I
avoid eating?" → "Your allergy is shellfish", scored 0.011). No relevant memory: nothing is injected. Otherwise
each memory scoring ``min_each`` or more is.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TypeVar

T = TypeVar("T")


class Injected(list):
    """What the retriever hands a session's ``context()``: the memories, and ``why`` none were (or None)."""

    why: str | None = None


@dataclass(frozen=True)
class ContextGate:
    min_best: float = 0.0
    min_semantic: float = 0.0
    sure: float = 0.0
    min_each: float = 0.0
    close: float = 0.0

    @property
    def needs_semantic(self) -> bool:
        return self.min_semantic > 0 or self.close > 0


def semantic(r) -> float:
    """A recalled memory's normalised semantic similarity, from its ``explain`` components (0 without them)."""
    comp = (getattr(r, "explanation", None) or {}).get("components") or {}
    return float(comp.get("semantic", 0.0))


def relevant(score: float, sem: float, g: ContextGate) -> bool:
    """Is a memory with this score and semantic similarity worth a context block of its own?"""
    return (score >= g.min_best and (sem >= g.min_semantic or (g.sure > 0 and score >= g.sure))) or (
        g.close > 0 and sem >= g.close)


def gate(found: Sequence[T], g: ContextGate, *, score: Callable[[T], float] = lambda r: r.score,
         sem: Callable[[T], float] = semantic) -> tuple[list[T], str | None]:
    """(kept, why nothing was kept or None): ``found`` in order, filtered by ``g``."""
    if not found:
        return [], None
    if not any(relevant(score(r), sem(r), g) for r in found):
        best = max(found, key=score)
        return [], (f"nothing relevant: best score {score(best):.3f}, semantic {sem(best):.2f} "
                    f"(needs {g.min_best}" + (f" and semantic {g.min_semantic}" if g.min_semantic else "")
                    + (f", or {g.sure}" if g.sure and g.min_semantic else "") + ")")
    kept = [r for r in found if score(r) >= g.min_each]
    return kept, None if kept else f"nothing relevant: every score < {g.min_each}"
