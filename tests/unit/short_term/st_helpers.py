"""Helpers for the short-term tests. The fake extractor stands in for graphmem.linking.extract_statements
(tests must not depend on linking's progress); it returns linking's own Statement type."""

from __future__ import annotations

import re
from datetime import datetime, timezone

from graphmem.linking.types import Statement

NOW = datetime(2026, 11, 29, 12, 0, tzinfo=timezone.utc)


def fake_extractor(text: str, now: datetime) -> list[Statement]:
    out = []
    m = re.search(r"budget (?:is|to) (\d+)|预算(?:是|改成)(\d+)", text)
    if m:
        out.append(Statement("attribute", "", "budget", int(m.group(1) or m.group(2)),
                             is_change=bool(re.search(r"change|改成|instead", text)), text=text))
    if "allergic to peanuts" in text or "花生过敏" in text:
        out.append(Statement("attribute", "", "allergy", "peanuts", text=text))
    m = re.search(r"I (like|dislike) (\w+)", text)
    if m:
        out.append(Statement("preference", m.group(2), "", m.group(2), polarity=1 if m.group(1) == "like" else -1,
                             text=text))
    return out
