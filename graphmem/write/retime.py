"""A plan's date moved: "我想七月去云南玩十天", later "出发时间改了，改到八月三号". The plan gets a new version
with the new date ("我想八月三号去云南玩十天") that supersedes the old one, which stays queryable as outdated.
Pure: which plan a reschedule is about, and the plan's text with its date replaced."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta

from graphmem import lang as langs
from graphmem.linking.timeexpr import find_times, span_end

PLAN_HORIZON = timedelta(days=31)   # a plan whose date passed longer ago than this is not rescheduled
SIM_MARGIN = 0.05                   # with no shared word, how much more similar the picked plan must be


@dataclass(frozen=True)
class Plan:
    """An active dated plan (a goal fact) as the planner sees it."""
    id: str
    text: str
    value: str
    version: int
    said_at: datetime


def time_span(text: str, said_at: datetime) -> tuple[int, int] | None:
    """Where the text names its date (adjacent times are one date: "明年五月"), or None."""
    ts = find_times(text, said_at)
    return (ts[0].start, span_end(text, ts, 0)) if ts else None


def dated(text: str, said_at: datetime, now: datetime) -> bool:
    """The text names a date that has not long passed."""
    ts = find_times(text, said_at)
    return bool(ts) and ts[0].when >= now - PLAN_HORIZON


def retimed(text: str, said_at: datetime, new_time: str) -> str | None:
    """The text with its date replaced by ``new_time``; English keeps its preposition ("in June" → "on
    September 12"). None when the text names no date."""
    span = time_span(text, said_at)
    if span is None:
        return None
    start, end = span
    old, new = text[start:end], new_time.strip()
    for p in langs.packs():
        new = p.fn("retimed_date")(old, new)
    return text[:start] + new + text[end:]


def _grams(s: str) -> set[str]:
    """What a text is about, in every language's terms (each pack's ``grams``), without ``plan_stop_words``."""
    s = s.lower()
    return {g for p in langs.packs() for g in p.fn("grams")(s)} - _stop()


def _stop() -> frozenset[str]:
    return frozenset(w for p in langs.packs() for w in p.words("plan_stop_words"))


def pick(plans: list[Plan], message: str, similarity: dict[str, float] | None = None) -> Plan | None:
    """The plan a reschedule message is about: the one sharing most words with it (a Chinese message often
    names the old date: "七月公司走不开"), then the most similar (``similarity``: plan text → cosine), then the
    most recent. When no plan shares a word, a plan is picked only if it is the sole one or clearly (by
    ``SIM_MARGIN``) the most similar."""
    sims = similarity or {}
    said = _grams(message)
    scored = sorted(((len(_grams(p.text) & said), sims.get(p.text, 0.0), p.said_at, p) for p in plans),
                    key=lambda x: x[:3], reverse=True)
    if not scored:
        return None
    best = scored[0]
    if best[0] == 0 and len(scored) > 1 and best[1] - scored[1][1] < SIM_MARGIN:
        return None
    return best[3]
