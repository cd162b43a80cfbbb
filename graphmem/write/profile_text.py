"""Profile text regenerated from the active graph without an LLM, in the user's language, showing how
things changed ("budget: now 8000, earlier 5000"; "recently prefers X; earlier Y"). Pure, no I/O."""

from __future__ import annotations

from collections import Counter, defaultdict
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

from graphmem import lang as langs
from graphmem import times
from graphmem.lang import keys

RECENT = timedelta(days=30)


def key_label(key: str, lang: str) -> str:
    """How an attribute key reads in the profile: "budget" → "预算", "shopping_for" → "shopping for" / 想买 (the
    pack's ``keys.tsv``)."""
    return keys.label(key, lang)


MAX_ITEMS = 8


@dataclass(frozen=True)
class ProfileText:
    text: str
    language: str
    fact_count: int


def _lang(rows: list[dict[str, Any]], hint: str | None) -> str:
    if langs.has(hint):
        return hint
    votes = Counter(langs.of_label(r.get("language")) for r in rows if r.get("language"))
    return max(votes, key=lambda c: (votes[c], c == langs.DEFAULT), default=langs.DEFAULT)


def _when(t: Any) -> datetime | None:
    return times.native(t)


class _Say(dict):
    """The pack's ``profile_*`` templates by their short name."""

    def __init__(self, lang: str):
        super().__init__({k[8:]: v for k, v in langs.pack(lang).table("templates").items() if k.startswith("profile_")})


def build(user_id: str, rows: list[dict[str, Any]], *, language: str | None = None,
          now: datetime | None = None) -> ProfileText:
    """``rows`` as returned by ``read/profile_facts`` (active and outdated facts with entity names)."""
    lang = _lang(rows, language)
    t = _Say(lang)
    active = [r for r in rows if r["status"] == "active"]
    if not active:
        return ProfileText(t["empty"].format(user=user_id), lang, 0)
    slots: dict[tuple[str, str], list[dict]] = defaultdict(list)
    for r in rows:
        slots[(r["entity"], r["key"])].append(r)
    rank = lambda r: (-(r.get("mention_count") or 1), -(r.get("importance") or 0))  # noqa: E731

    def names(kind: str, pol: int) -> list[dict]:
        return sorted([r for r in active if r["kind"] == kind and r["key"] in ("preference", "goal")
                       and ((r.get("polarity") or 1) > 0) == (pol > 0)], key=rank)[:MAX_ITEMS]

    likes, dislikes = names("preference", 1), names("preference", -1)
    wants = names("goal", 1)
    latest = max((_when(r["valid_from"]) for r in active if r["valid_from"] is not None), default=None)
    ref = now or latest     # dates in its year are said without the year

    def day(x: Any) -> str:
        return "?" if x is None else times.human(x, lang, ref, clock=False)

    lines = [t["head"].format(user=user_id, n=len(active), date=day(ref))]
    # evolution of likes: recent ones vs older/outdated ones
    older_likes = [r for r in rows if r["kind"] == "preference" and r["key"] == "preference"
                   and (r.get("polarity") or 1) > 0 and r["status"] == "outdated"]
    if latest is not None:
        older_likes += [r for r in likes if _when(r["valid_from"]) and latest - _when(r["valid_from"]) > RECENT]
    recent_likes = [r for r in likes if r not in older_likes]
    if recent_likes and older_likes:
        lines.append(t["recent"].format(x=t["sep"].join(_subject(r) for r in recent_likes),
                                        y=t["sep"].join(dict.fromkeys(_subject(r) for r in older_likes))))
    elif likes:
        lines.append(t["likes"].format(x=t["sep"].join(_subject(r) for r in likes)))
    if dislikes:
        lines.append(t["dislikes"].format(x=t["sep"].join(_subject(r) for r in dislikes)))
    if wants:
        lines.append(t["wants"].format(x=t["sep"].join(_subject(r) for r in wants)))
    attrs = sorted([r for r in active if r["key"] not in ("preference", "goal")], key=rank)
    about = [t["kv"].format(k=key_label(r["key"], lang), v=times.human(r["value"], lang, ref)) for r in attrs if r.get("is_self")][:MAX_ITEMS]
    things = [t["thing"].format(e=r["entity"], kv=t["kv"].format(k=key_label(r["key"], lang), v=times.human(r["value"], lang, ref)))
              for r in attrs if not r.get("is_self")][:MAX_ITEMS]
    if about:
        lines.append(t["about"].format(x=t["lsep"].join(about)))
    if things:
        lines.append(t["things"].format(x=t["lsep"].join(things)))
    changes = []
    for (entity, key), versions in slots.items():
        cur = [v for v in versions if v["status"] == "active"]
        old = [v for v in versions if v["status"] == "outdated"]
        if not cur or not old:
            continue
        c = cur[0]
        label = key_label(key, lang)
        label = label if c.get("is_self") else f"{entity} {label}"
        if key in ("preference", "goal"):
            label = _subject(c)
        oldv = t["sep"].join(dict.fromkeys(_val(v, lang, ref) for v in sorted(old, key=lambda v: _when(v["valid_from"]) or datetime.min, reverse=True)))
        changes.append(t["now"].format(k=label, v=_val(c, lang, ref), d=day(c["valid_from"]), old=oldv))
    if changes:
        lines.append(t["changes"].format(x=t["lsep"].join(changes[:MAX_ITEMS])))
    return ProfileText(t["join"].join(lines), lang, len(active))


def _subject(r: dict) -> str:
    """What a preference or goal is about: the entity, or for the user's own goals and liked activities (爬山,
    "hiking": no entity) the value."""
    if r.get("is_self") and r["key"] in ("goal", "preference") \
            and r.get("value") not in (None, "", "want", "no longer want", "like", "dislike"):
        return str(r["value"])
    return r["entity"]


def _val(r: dict, lang: str, ref: datetime | None) -> str:
    p = langs.pack(lang)
    if r["key"] in ("preference", "goal"):
        pol = r.get("polarity") or 1
        if r["key"] == "goal":
            return p.say("profile_want" if pol > 0 else "profile_want_not")
        return p.say("profile_like" if pol > 0 else "profile_dislike")
    if (r.get("polarity") or 0) < 0:   # a removed value: "not peanuts (any more)"
        return p.say("profile_removed", value=times.human(r["value"], lang, ref))
    return times.human(r["value"], lang, ref)
