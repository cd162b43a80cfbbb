"""The write gate, pure: the seed's three rules decide first, an optional judge only what they leave open.

1. no greetings or small talk (by the linking rules' words, or, for a turn with no fact in it, by its nearest
   hand-written examples: ``graphmem.write.smalltalk``);  2. no chit-chat unrelated to preferences, facts or tasks;
3. no repeat without new information (near-duplicate by embedding AND the same entities AND every
   statement only repeats an active fact).
Verdicts: ``accept``, ``reject`` (with a reason from ``graphmem.model.REJECT_REASONS``) or ``undecided``.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass

import numpy as np

ACCEPT, REJECT, UNDECIDED = "accept", "reject", "undecided"
DUPLICATE_SIMILARITY = 0.92

#: ``judge(text) -> bool`` (True = store it). Called only for undecided turns; each call counts as one LLM call.
Judge = Callable[[str], bool]


@dataclass(frozen=True)
class Verdict:
    decision: str
    reason: str = ""


def rules(label: str, has_information: bool, n_statements: int, n_mentions: int, duplicate: bool,
          personal: bool = False, advice: bool = False, chatty: bool = False) -> Verdict:
    """The three rules. ``label`` is greeting | smalltalk | chitchat | informative (linking's classifier).
    ``personal``: the classifier saw a statement about the user ("I'm on green tea now", "我养了一只英短") that
    no extraction rule turned into a fact — it is information (rule 2 does not apply), so it is kept.
    ``advice``: an assistant turn that recommends or concludes something concrete; kept as an event.
    ``chatty``: a user turn with no fact in it (event clauses at most) that reads like the small-talk examples;
    rejected even when ``personal`` ("man what a day, my brain is fried")."""
    if duplicate:
        return Verdict(REJECT, "duplicate")
    if advice:
        return Verdict(ACCEPT, "advice")
    if n_statements == 0 and not has_information:
        if label in ("greeting", "smalltalk"):
            return Verdict(REJECT, label)
        if label == "chitchat" or n_mentions == 0:
            return Verdict(REJECT, "chitchat")
    if chatty:
        return Verdict(REJECT, "smalltalk")
    if personal and has_information and n_statements == 0:
        return Verdict(ACCEPT, "personal")
    if n_statements > 0:
        return Verdict(ACCEPT, "statements")
    return Verdict(UNDECIDED, "no statement extracted")


def settle(verdict: Verdict, text: str, judge: Judge | None, has_information: bool, n_mentions: int) -> tuple[Verdict, bool]:
    """Resolve an undecided verdict: the judge if given (returns (verdict, judged)), else keep the turns that
    mention an entity (the classifier's ``has_information`` is generous by design: "hmm, let me think")."""
    if verdict.decision != UNDECIDED:
        return verdict, False
    if judge is not None:
        try:
            keep = bool(judge(text))
        except Exception:  # a failing judge must not lose the turn: fall back to the rules' default
            keep = n_mentions > 0
            return (Verdict(ACCEPT, "judge failed") if keep else Verdict(REJECT, "chitchat")), True
        return (Verdict(ACCEPT, "judge") if keep else Verdict(REJECT, "judge")), True
    if n_mentions > 0:   # no statement, but it talks about something: keep it in the event log
        return Verdict(ACCEPT, "mentions"), False
    return Verdict(REJECT, "chitchat"), False


def near_duplicate(embedding: np.ndarray | None, entity_ids: Iterable[str],
                   recent: Sequence[tuple[np.ndarray, frozenset[str]]],
                   threshold: float = DUPLICATE_SIMILARITY) -> bool:
    """True if a recent accepted turn is at least ``threshold`` cosine-similar and names the same entities."""
    if embedding is None or not len(recent):
        return False
    ids = frozenset(entity_ids)
    for vec, seen in recent:
        if seen == ids and float(np.dot(vec, embedding)) >= threshold:
            return True
    return False
