"""The write gate, pure: the seed's three rules decide first, an optional judge only what they leave open.

1. no greetings or small talk (by the linking rules' words, or, for a turn with no fact in it, by its nearest
   hand-written examples: ``graphmem.write.smalltalk``);  2. no chit-chat unrelated to preferences, facts or tasks;
3. no repeat without new information: an exact repeat (the same normalised text) of a recent turn of the same
   speaker whose every statement only repeats an active fact. A merely similar turn is stored: on real
   conversations "similar" turns held different evidence.
Verdicts: ``accept``, ``reject`` (with a reason from ``graphmem.model.REJECT_REASONS``) or ``undecided``.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass

ACCEPT, REJECT, UNDECIDED = "accept", "reject", "undecided"

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


def rejected_anyway(label: str, has_information: bool, n_statements: int, n_mentions: int, personal: bool,
                    advice: bool, open_: bool) -> bool:
    """True if ``rules`` and then ``settle`` reject the turn whatever ``duplicate`` is, for a reason ``chatty`` (the
    one input read from the turn's vector) does not change, so the write path need not embed it. ``open_``: a judge
    settles undecided turns, or the turn is read for small talk. Pure."""
    verdict = rules(label, has_information, n_statements, n_mentions, False, personal, advice)
    if verdict.decision == REJECT:   # greeting, small talk or chit-chat by the words: decided before ``chatty``
        return True
    return verdict.decision == UNDECIDED and not open_ and n_mentions == 0   # ``settle`` without a judge drops it


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


def exact_repeat(said: tuple, recent: Iterable[tuple]) -> bool:
    """True if ``said`` — ``((role, speaker), normalised text)`` — equals one of the ``recent`` turns: the same
    words from the same speaker. Pure."""
    return said[1] != "" and said in set(recent)
