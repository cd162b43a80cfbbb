"""Write-gate helpers: greeting / small talk / chit-chat / informative, English and Chinese. Pure.

A message is *not informative* only when nothing is left after removing the seed phrases of
``linking/data/gate.tsv`` (greetings, small talk, chit-chat), fillers, laughter, emoji and punctuation, and no
statement is extracted from it. So "hi! my budget is now 8000" or "谢谢！对了我妹妹下个月结婚" are
informative: small talk next to information never causes a drop.
"""

from __future__ import annotations

import re
from datetime import datetime
from functools import lru_cache

from . import lexicon as lx
from .normalize import normalise
from .statements import extract_statements
from .types import GateVerdict

_LAUGH = re.compile(r"^(?:(?:ha|he|hi|ho|lo|l)+|(?:哈|呵|嘿|嘻|hh)+|x+d+|a+h+|o+h+|u+h+|h+m+|m+|e+m+|6+|w+)$")
_RANK = {"greeting": 0, "smalltalk": 1, "chitchat": 2}


def _norm(text: str) -> str:
    s = normalise(text.replace("'", "").replace("’", "").replace("~", " ").replace("～", " "))
    return re.sub(r"([a-z])\1{2,}", r"\1", s)   # "heyyy" → "hey", "sooo" → "so"


@lru_cache(maxsize=1)
def _patterns() -> tuple[re.Pattern, re.Pattern, dict[str, str], frozenset[str]]:
    phrases = lx.gate_phrases()
    en = sorted((p for p in phrases if p.isascii()), key=len, reverse=True)
    zh = sorted((p for p in phrases if not p.isascii() and len(p) >= 2), key=len, reverse=True)
    singles = frozenset(p for p in phrases if not p.isascii() and len(p) == 1)
    en_re = re.compile(r"(?<![a-z0-9])(?:" + "|".join(re.escape(p) for p in en) + r")(?![a-z0-9])")
    zh_re = re.compile("|".join(re.escape(p) for p in zh))
    return en_re, zh_re, phrases, singles


def classify_message(text: str, now: datetime | None = None) -> GateVerdict:
    """Classify one user message for the write gate (see module doc)."""
    if not text or not text.strip():
        return GateVerdict("chitchat", False, ("empty message",))
    en_re, zh_re, phrases, singles = _patterns()
    s = _norm(text)
    found: list[tuple[int, str, str]] = []

    def take(m: re.Match) -> str:
        found.append((m.start(), phrases.get(m.group(0), "chitchat"), m.group(0)))
        return " "

    s = zh_re.sub(take, s)
    s = en_re.sub(take, s)
    fillers = lx.fillers()
    leftover = []
    for w in re.findall(r"[a-z0-9]+|[\u4e00-\u9fff]+", s):
        if w in fillers or _LAUGH.match(w):
            continue
        if all("\u4e00" <= ch <= "\u9fff" for ch in w):
            rest = "".join(ch for ch in w if ch not in singles and ch not in fillers)
            if not rest or _LAUGH.match(rest):
                if w not in fillers:
                    found.append((0, "chitchat", w))
                continue
        leftover.append(w)
    statements = extract_statements(text, now or datetime.now())
    if not leftover:
        # "今天天气不错" has a time word but nothing happening: an event needs content beyond small talk
        statements = [st for st in statements if st.kind != "event"]
    reasons = []
    if statements:
        reasons.append(f"{len(statements)} statement(s): " + ", ".join(sorted({st.kind for st in statements})))
    if leftover:
        reasons.append("content left after small-talk phrases: " + " ".join(leftover[:8]))
    if statements or leftover:
        if found:
            reasons.append("small talk present too: " + ", ".join(p for _, _, p in found[:4]))
        return GateVerdict("informative", True, tuple(reasons))
    if not found:
        return GateVerdict("chitchat", False, ("only punctuation, emoji or fillers",))
    label = min(found, key=lambda f: (f[0], _RANK[f[1]]))[1]
    return GateVerdict(label, False, tuple(f"{lab}: {p!r}" for _, lab, p in found[:4]))
