"""Statement extraction for the write path. Pure."""

from __future__ import annotations

from datetime import datetime

from .types import Statement


def extract_statements(text: str, now: datetime) -> list[Statement]:
    return []
