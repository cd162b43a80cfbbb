"""A plan's date moved: "我想七月去云南玩十天", later "出发时间改了，改到八月三号". The plan gets a new version
with the new date ("我想八月三号去云南玩十天") that supersedes the old one, which stays queryable as outdated.
Pure: which plan a reschedule is about, and the plan's text with its date replaced."""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import datetime, timedelta

from graphmem.linking.timeexpr import find_times, span_end

PLAN_HORIZON = timedelta(days=31)   # a plan whose date passed longer ago than this is not rescheduled
SIM_MARGIN = 0.05                   # with no shared word, how much more similar the picked plan must be
_PREPOSITION = re.compile(r"(?:in|on|at|by|for|during|around)\s", re.I)
_STARTS_WITH_WORD = re.compile(r"(?:in|on|at|by|for|during|around|next|this|last|early|late|mid)\b", re.I)


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
    if _PREPOSITION.match(old) and new.isascii() and not _STARTS_WITH_WORD.match(new):
        new = ("on " if re.search(r"\d", new) or re.search(r"day\b", new, re.I) else "in ") + new
    return text[:start] + new + text[end:]


def _grams(s: str) -> set[str]:
    s = s.lower()
    return set(re.findall(r"[a-z][a-z0-9]{2,}", s)) | {s[i:i + 2] for i in range(len(s) - 1)
                                                       if all("\u4e00" <= ch <= "\u9fff" for ch in s[i:i + 2])}


_EN_STOP = frozenset("the and was got has have had now our for with that this its".split())


def pick(plans: list[Plan], message: str, similarity: dict[str, float] | None = None) -> Plan | None:
    """The plan a reschedule message is about: the one sharing most words with it (a Chinese message often
    names the old date: "七月公司走不开"), then the most similar (``similarity``: plan text → cosine), then the
    most recent. When no plan shares a word, a plan is picked only if it is the sole one or clearly (by
    ``SIM_MARGIN``) the most similar."""
    sims = similarity or {}
    said = _grams(message) - _EN_STOP
    scored = sorted(((len((_grams(p.text) - _EN_STOP) & said), sims.get(p.text, 0.0), p.said_at, p) for p in plans),
                    key=lambda x: x[:3], reverse=True)
    if not scored:
        return None
    best = scored[0]
    if best[0] == 0 and len(scored) > 1 and best[1] - scored[1][1] < SIM_MARGIN:
        return None
    return best[3]
