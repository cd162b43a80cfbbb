"""The one judge applied to graphmem and to every baseline.

A probe lists *expected groups* (each group: several surface forms of one memory, e.g. ``["1800", "1,800"]``),
optional *old* values (outdated versions of a changed value) and *forbidden* phrases (another user's facts,
small-talk content). The judge sees only the top-k retrieved texts of a system — recalled statements for
graphmem, retrieved turns for a baseline — in rank order.

* recall@k of a probe: the share of expected groups with at least one form in the top-k texts;
* hit: every group found and no forbidden phrase present;
* latest-value correct (change probes): the latest value is in the top-k AND the first (highest-ranked)
  text that mentions either the latest or an old value mentions the latest one;
* forbidden / isolation violation: a forbidden phrase (or another user's private marker) is in the top-k.

Matching: NFKC, case-folded, whitespace-insensitive, digits group separators ignored ("8,000" = "8000").
A Latin phrase must start at a word boundary ("Ava" does not match "available"), short Latin phrases (≤ 3
letters) and capitalised names also end at one (a plural -s/-es allowed); digits never match inside a longer number ("85" is not in "1850").
Chinese is matched as a substring.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass
from functools import lru_cache

_WS = re.compile(r"\s+")
_GROUPSEP = re.compile(r"(?<=\d),(?=\d{3}\b)")


def norm(text: str) -> str:
    t = unicodedata.normalize("NFKC", text).casefold()
    t = _GROUPSEP.sub("", t)
    return _WS.sub(" ", t).strip()


def _is_latin(ch: str) -> bool:
    return ch.isascii() and ch.isalpha()


@lru_cache(maxsize=4096)
def _pattern(phrase: str) -> re.Pattern:
    raw = phrase.strip()
    p = norm(raw)
    parts = []
    for ch in p:
        parts.append(r"\s*" if ch == " " else re.escape(ch) + r"\s*")
    body = "".join(parts)
    if body.endswith(r"\s*"):
        body = body[:-3]
    left = right = ""
    if p and _is_latin(p[0]):
        left = r"(?<![a-z0-9])"
    if p and p[0].isdigit():
        left = r"(?<![0-9.])"
    if p and p[-1].isdigit():
        right = r"(?![0-9])"
    elif p and _is_latin(p[-1]) and (len(p) <= 3 or raw[:1].isupper()):
        right = r"(?:e?s)?(?![a-z])"     # a whole word, plural allowed ("cat" matches "cats", not "category")
    return re.compile(left + body + right)


def contains(text: str, phrase: str) -> bool:
    return bool(_pattern(phrase).search(norm(text)))


def first_index(texts: list[str], forms) -> int | None:
    for i, t in enumerate(texts):
        if any(contains(t, f) for f in forms):
            return i
    return None


@dataclass
class Verdict:
    recall: float | None          # None when the probe expects nothing (small talk)
    hit: bool
    latest: bool | None           # change probes only
    forbidden: list[str]
    leaked: list[str]             # other users' private markers found


def judge(texts: list[str], expect, old=(), forbid=(), foreign_markers=()) -> Verdict:
    joined = "\n".join(texts)
    found = [any(contains(joined, f) for f in g) for g in expect]
    recall = (sum(found) / len(found)) if found else None
    bad = [f for f in forbid if contains(joined, f)]
    leaked = [m for m in foreign_markers if contains(joined, m)]
    latest = None
    if old:
        new_forms = [f for g in expect for f in g]
        old_forms = [f for g in old for f in g]
        i_new = first_index(texts, new_forms)
        i_old = first_index(texts, old_forms)
        latest = i_new is not None and (i_old is None or i_new <= i_old)
    hit = (recall is None or recall == 1.0) and not bad and not leaked
    return Verdict(recall, hit, latest, bad, leaked)
