"""Times as the user reads them: a driver time as a Python datetime, a stored date value as ISO 8601 ("2026-04-12";
the machine form, for JSON), and a human date in the user's language ("12 April", "4月12日"; the year only when it is
not the current one). Pure, no I/O."""

from __future__ import annotations

import re
from datetime import date, datetime, time, timezone
from typing import Any

from graphmem import lang as langs

_ISO = re.compile(r"^\d{4}-\d{2}-\d{2}(?:[ T]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:\d{2})?)?$")


def native(t: Any) -> Any:
    """A Neo4j driver time (``neo4j.time.DateTime``) as a Python one; anything else as it is."""
    return t.to_native() if hasattr(t, "to_native") else t


def iso(t: datetime | date) -> str:
    """ISO 8601: a date alone when the time is midnight UTC (a birthday, a deadline day), else the full time."""
    if isinstance(t, datetime):
        if t.time() == time(0) and (t.tzinfo is None or t.utcoffset().total_seconds() == 0):
            return t.date().isoformat()
        return t.isoformat()
    return t.isoformat()


def as_time(value: Any) -> datetime | date | None:
    """A stored value that is a date or time ("2026-04-12", "2026-04-12 00:00:00+00:00", a datetime), else None."""
    value = native(value)
    if isinstance(value, (datetime, date)):
        return value
    text = str(value or "").strip()
    if not _ISO.match(text):
        return None
    try:
        return datetime.fromisoformat(text.replace("Z", "+00:00")) if len(text) > 10 else date.fromisoformat(text)
    except ValueError:
        return None


def human(t: Any, lang: str, now: datetime | None = None, clock: bool = True) -> str:
    """A date as the user reads it: "12 April" / "4月12日", "12 April 2025" when not in ``now``'s year; with
    ``clock``, the time of day when there is one ("12 April, 17:00"). Not a date: the value as text."""
    when = as_time(t)
    if when is None:
        return "" if t is None else str(t)
    p = langs.pack(lang)
    now = now or datetime.now(timezone.utc)
    day = p.say("day" if when.year == now.year else "day_year", d=when.day, month=p.seq("months")[when.month - 1],
                y=when.year)
    if clock and isinstance(when, datetime) and iso(when) != when.date().isoformat():
        return p.say("day_time", day=day, hm=when.strftime("%H:%M"))
    return day
