"""Extractive rolling summary of evicted turns. Pure functions, no I/O, no model.

Sentences of the evicted turns are scored (user sentences carrying facts, needs, numbers, dates and names
score high; greetings, thanks and filler score low), the best are kept within a token budget in
chronological order. Sentences that state a value superseded later in the session are dropped. The user's
LLM, when given, replaces the extractive step (and any failure of it falls back to the extractive step).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from functools import lru_cache

from graphmem import lang as langs
from graphmem.short_term.state import cities

_SENT = re.compile(r"[^.!?。！？；;\n]+[.!?。！？；;]*", re.S)
_NAME = re.compile(r"\b[A-Z][a-zA-Z0-9]+")
# the words are the language packs' (graphmem/lang/<code>/): every pack's pattern, joined (``langs.union``), read as
# the packs are now


@langs.cached
def _vague_days() -> frozenset[str]:
    return frozenset(w for p in langs.packs() for w in p.words("vague_days"))


@langs.cached
def _number() -> re.Pattern:
    return re.compile(r"\d|" + langs.union("numerals").pattern)


@lru_cache(maxsize=4096)
def _shingles(text: str) -> frozenset[str]:
    t = re.sub(r"\d+", "#", re.sub(r"\s+", " ", text.lower()))
    return frozenset(t[i:i + 2] for i in range(max(1, len(t) - 1)))


def near_duplicate(a: frozenset[str], b: frozenset[str], threshold: float = 0.6) -> bool:
    """Character-bigram Jaccard (numbers masked): "开了36个会" and "开了330个会" are the same sentence."""
    if not a or not b or min(len(a), len(b)) < threshold * max(len(a), len(b)):
        return False  # sizes too different for the overlap to reach the threshold
    inter = len(a & b)
    return inter / (len(a) + len(b) - inter) >= threshold


@dataclass(frozen=True)
class SummaryLine:
    turn: int
    role: str
    text: str
    score: float

    def render(self) -> str:
        who = {"user": "user", "assistant": "assistant"}.get(self.role, self.role)
        return f"(t{self.turn}) {who}: {self.text}"


def sentences(text: str) -> list[str]:
    return [s.strip() for s in _SENT.findall(text) if s.strip()]


def score_sentence(text: str, role: str, fact_texts: Sequence[str] = (), event_texts: Sequence[str] = ()) -> float:
    """Informativeness of one sentence; higher is kept first. A sentence the hard-fact list already says
    (``fact_texts`` or ``event_texts``) scores 0; one that says a fact plus more scores higher (events do
    not raise the score: small talk yields events too)."""
    if langs.union("small_talk_line").match(text) or len(text.strip()) < 3:
        return 0.0
    s = 1.0
    if role == "user":
        s += 1.0
    covered = max((len(f) / max(1, len(text)) for f in fact_texts if f and (f in text or text in f)), default=0.0)
    ev_covered = max((len(f) / max(1, len(text)) for f in event_texts if f and (f in text or text in f)), default=0.0)
    if max(covered, ev_covered) >= 0.8:
        return 0.0  # the hard-fact list already says it
    if covered:
        s += 2.0  # a fact plus more detail than the fact list keeps
    if langs.union("need").search(text):
        s += 1.0
    if langs.union("self_fact").search(text):
        s += 1.0  # the user telling about themselves, their people, work, health
    if _number().search(text):
        s += 0.5
    if (m := langs.union("date").search(text)) and m.group().lower() not in _vague_days() or langs.union("time").search(text):
        s += 1.0  # dates and times are hard facts ("today" in small talk is not)
    if cities()[1].search(text):
        s += 0.5
    s += min(len(_NAME.findall(text.strip()[1:])), 3) * 0.3  # capitalised words, not the first one
    if text.rstrip().endswith(("?", "？")):
        s -= 0.5  # questions are less durable than statements
    if role == "assistant":
        s *= 0.6
    return s


def is_superseded(text: str, markers: Iterable[str]) -> bool:
    for m in markers:
        m = m.strip()
        if m and (m in text or (len(text) >= 6 and text in m)):
            return True
    return False


def extract_lines(turns: Iterable[tuple[int, str, str]], fact_texts: Sequence[str] = (),
                  max_sentence_chars: int = 200, event_texts: Sequence[str] = ()) -> list[SummaryLine]:
    """Scored candidate lines from ``(turn, role, text)`` triples (tool turns are skipped)."""
    out = []
    for turn, role, text in turns:
        if role not in ("user", "assistant"):
            continue
        for sent in sentences(text):
            sc = score_sentence(sent, role, fact_texts, event_texts)
            if sc > 0:
                sent = sent if len(sent) <= max_sentence_chars else sent[:max_sentence_chars] + "…"
                out.append(SummaryLine(turn, role, sent, sc))
    return out


def select(lines: Sequence[SummaryLine], budget: int, counter: Callable[[str], int],
           markers: Sequence[str] = ()) -> list[SummaryLine]:
    """The best lines within ``budget`` tokens, chronological, without superseded statements or (near)
    repeats; of two near-duplicates the earlier one is kept (it was said first)."""
    kept_shingles: list[frozenset[str]] = []
    ranked = sorted(range(len(lines)), key=lambda i: (-lines[i].score, lines[i].turn))
    keep: list[int] = []
    used = 0
    for i in ranked:
        line = lines[i]
        cost = counter(line.render()) + 1
        if used + cost > budget:
            continue
        sh = _shingles(line.text)
        if is_superseded(line.text, markers) or any(near_duplicate(sh, k) for k in kept_shingles):
            continue
        kept_shingles.append(sh)
        keep.append(i)
        used += cost
    return [lines[i] for i in sorted(keep)]


def summarise(turns: Sequence[tuple[int, str, str]], budget: int, counter: Callable[[str], int],
              fact_texts: Sequence[str] = (), markers: Sequence[str] = (),
              event_texts: Sequence[str] = ()) -> list[SummaryLine]:
    """Extractive summary of evicted turns within ``budget`` tokens."""
    return select(extract_lines(turns, fact_texts, event_texts=event_texts), budget, counter, markers)


LLM_PROMPT = ("Summarise these conversation turns in at most {words} words. Keep every stated preference, fact, "
              "date and need; if a value was changed, keep only the newest value. Reply with the summary only.\n\n{turns}")


def llm_summarise(turns: Sequence[tuple[int, str, str]], budget: int, counter: Callable[[str], int],
                  llm: Callable[[str], str]) -> list[SummaryLine]:
    """The user's LLM summary as one line (cut to ``budget``). Raises whatever the LLM raises."""
    from graphmem.short_term.tokens import truncate_to_tokens

    body = "\n".join(f"(t{t}) {r}: {x}" for t, r, x in turns if r in ("user", "assistant"))
    text = str(llm(LLM_PROMPT.format(words=max(20, budget // 2), turns=body))).strip()
    if not text:
        raise ValueError("empty summary")
    last = max((t for t, _, _ in turns), default=0)
    first = min((t for t, _, _ in turns), default=0)
    score = 10.0 + last / 1e6  # above any extractive line; a newer LLM chunk wins a tie with an older one
    line = SummaryLine(last, f"summary t{first}-t{last}", "", score)
    room = max(1, budget - counter(line.render()) - 1)
    return [SummaryLine(last, line.role, truncate_to_tokens(text, room, counter), score)]


CONDENSE_PROMPT = ("Merge these summaries of one conversation, oldest first, into one summary of at most {words} words. "
                   "Keep every stated preference, fact, date and need; where a value changed keep only the newest. "
                   "Reply with the summary only.\n\n{lines}")


def llm_condense(lines: Sequence[SummaryLine], budget: int, counter: Callable[[str], int],
                 llm: Callable[[str], str]) -> list[SummaryLine]:
    """The rolling summary condensed by the user's LLM into one line within ``budget``. Raises on failure."""
    from graphmem.short_term.tokens import truncate_to_tokens

    body = "\n".join(f"- {ln.render()}" for ln in lines)
    text = str(llm(CONDENSE_PROMPT.format(words=max(20, budget // 2), lines=body))).strip()
    if not text:
        raise ValueError("empty summary")
    first = min((ln.turn for ln in lines), default=0)
    last = max((ln.turn for ln in lines), default=0)
    role = f"summary t{first}-t{last}"
    room = max(1, budget - counter(SummaryLine(last, role, "", 10.0).render()) - 1)
    return [SummaryLine(last, role, truncate_to_tokens(text, room, counter), 10.0 + last / 1e6)]
