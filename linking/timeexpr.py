"""Time expressions resolved against the message time. Pure."""

from __future__ import annotations

from datetime import datetime


def resolve_time(text: str, now: datetime) -> tuple[datetime | None, str]:
    return None, ""
