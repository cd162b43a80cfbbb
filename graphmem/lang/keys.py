"""How an attribute key reads, from each pack's ``keys.tsv``: its label in the profile ("shopping for", 想买) and
the sentence of a recalled fact ("You are shopping for laptop", 你想买笔记本电脑). Never the raw key."""

from __future__ import annotations

from graphmem.lang import pack

_TENSES = ("fact", "fact_old", "fact_removed")


def _row(key: str, lang: str) -> tuple[str, ...]:
    for r in pack(lang).rows("keys"):
        if r[0] == key:
            return r
    return ()


def label(key: str, lang: str) -> str:
    """The key's name in ``lang``: the pack's label, else the first attribute cue naming it, else its words."""
    key = (key or "").strip()
    row = _row(key.lower(), lang)
    if len(row) > 1 and row[1]:
        return row[1]
    cue = next((c for c, k in pack(lang).table("attribute_cues").items() if k == key.lower()), "")
    return cue or key.replace("_", " ").strip()


def fact(key: str, lang: str, tense: str, *, is_self: bool, who: str, owner: str, value: str) -> str:
    """One fact as a sentence: ``tense`` is ``fact`` (now), ``fact_old`` (used to) or ``fact_removed`` (no
    longer); ``who`` is whom it is about as a subject ("You", "Tom"), ``owner`` whose ("Your", "Tom's")."""
    row, i = _row((key or "").strip().lower(), lang), 2 + _TENSES.index(tense)
    cell = lambda j: row[j] if len(row) > j else ""  # noqa: E731
    tpl = (not is_self and cell(i + 3)) or cell(i)
    if tpl:
        return tpl.format(who=who, owner=owner, value=value)
    return pack(lang).say(tense, owner=owner, key=label(key, lang), value=value)
