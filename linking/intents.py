"""The user's intents that are facts (issue 17, statement recall): what they are shopping for ("I'm looking for
a new laptop", "想买台笔记本电脑": ``shopping_for``) and what they use now after a switch ("I switched from VS Code
to Neovim", "现在写代码用Neovim，之前一直用VS Code": ``uses``). Patterns: every language pack's ``shopping.re``
and ``switched.re`` (group ``thing``, or ``thing2`` for a second shape)."""

from __future__ import annotations

from graphmem.lang import languages, pack

from . import prefilter
from .types import Statement

KEYS = (("shopping", "shopping_for"), ("switched", "uses"))


def intents(text: str, lang: str) -> list[Statement]:
    """One attribute statement of the user's per match."""
    out: list[Statement] = []
    for code in languages():
        for name, key in KEYS:
            for m in prefilter.finditer(pack(code).regex(name), text or ""):
                thing = (m.group("thing") or m.group("thing2") or "").strip()
                if thing:
                    out.append(Statement("attribute", "", key, thing, language=lang, text=m.group(0).strip()))
    return out
