"""Loading and checking the suite's data files (``bench/eval/users/<user>.yaml``, one per test user).

Format (every file written by hand, user by user)::

    user: en01_maya                 # unique id; the file name without .yaml
    lang: en | zh | mixed
    about: one line describing the persona (documentation only)
    private: [Priya, Saffron Lane]  # distinctive phrases only this user ever says (isolation check on ALL probes)
    sessions:                       # >= 5, on different days, oldest first
      - day: 2026-03-02             # every turn of the session is stamped with this day (09:00 + 2 min per turn)
        turns:
          - u: "a user message"
          - {u: "Morning!", junk: true}       # small talk: must NOT be stored
          - a: "an assistant reply"
    background:                     # everyday sessions unrelated to the probes (merged by day): the history
      - day: 2026-03-08             # gets longer and noisier, as real ones are; same turn format
        turns: [...]
    probes:
      - cat: fact | preference | change | coref | temporal | multihop | smalltalk | isolation
        q: "the question asked after all sessions"
        now: 2026-04-03             # optional "now" for the probe (default: the day after the last session)
        expect: [[ThinkPad, X1 Carbon], [arrived]]   # groups; each group = any of several surface forms
        old: [["1500", "1,500"]]    # change probes: outdated values (latest-value accuracy)
        forbid: [MacBook Air M3]    # must not appear in the top-k (other users' facts, small talk)
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass, field
from pathlib import Path

import yaml

from bench.eval.judge import contains, norm

USERS_DIR = Path(__file__).parent / "users"
CATEGORIES = ("fact", "preference", "change", "coref", "temporal", "multihop", "smalltalk", "isolation")
LANGS = ("en", "zh", "mixed")
#: the reduced suite CI runs (tests/integration/eval): two Chinese, two English, one mixed
CI_USERS = ("en01_maya", "en10_kevin", "zh01_wangfang", "zh07_sunli", "mix01_alex")


@dataclass(frozen=True)
class TurnSpec:
    role: str                  # "user" | "assistant"
    text: str
    junk: bool
    at: dt.datetime
    session: str
    turn_id: int               # 1-based position within the session (both roles)
    background: bool = False   # from a background session (no probe is about it)


@dataclass(frozen=True)
class SessionSpec:
    id: str
    day: dt.date
    turns: tuple[TurnSpec, ...]


@dataclass(frozen=True)
class Probe:
    id: str
    user: str
    lang: str
    cat: str
    q: str
    now: dt.datetime
    expect: tuple[tuple[str, ...], ...] = ()
    old: tuple[tuple[str, ...], ...] = ()
    forbid: tuple[str, ...] = ()


@dataclass(frozen=True)
class UserSpec:
    user: str
    lang: str
    about: str
    private: tuple[str, ...]
    sessions: tuple[SessionSpec, ...]
    probes: tuple[Probe, ...] = field(default_factory=tuple)

    @property
    def turns(self) -> list[TurnSpec]:
        return [t for s in self.sessions for t in s.turns]


def _forms(group) -> tuple[str, ...]:
    if isinstance(group, (str, int, float)):
        return (str(group),)
    return tuple(str(x) for x in group)


def _day(v) -> dt.date:
    return v if isinstance(v, dt.date) else dt.date.fromisoformat(str(v))


def load_user(path: Path) -> UserSpec:
    raw = yaml.safe_load(path.read_text(encoding="utf-8"))
    uid = raw["user"]
    sessions = []
    merged = sorted(list(raw["sessions"]) + [dict(s, background=True) for s in raw.get("background") or []],
                    key=lambda s: _day(s["day"]))
    for i, s in enumerate(merged, 1):
        day = _day(s["day"])
        sid = f"s{i}-{day.isoformat()}"
        turns = []
        for j, t in enumerate(s["turns"], 1):
            role = "user" if "u" in t else "assistant"
            text = str(t["u"] if "u" in t else t["a"])
            at = dt.datetime.combine(day, dt.time(9, 0), tzinfo=dt.timezone.utc) + dt.timedelta(minutes=2 * j)
            turns.append(TurnSpec(role, text, bool(t.get("junk")), at, sid, j, bool(s.get("background"))))
        sessions.append(SessionSpec(sid, day, tuple(turns)))
    last = sessions[-1].day
    default_now = dt.datetime.combine(last + dt.timedelta(days=1), dt.time(12, 0), tzinfo=dt.timezone.utc)
    probes = []
    for k, p in enumerate(raw.get("probes") or [], 1):
        now = (dt.datetime.combine(_day(p["now"]), dt.time(12, 0), tzinfo=dt.timezone.utc) if p.get("now")
               else default_now)
        probes.append(Probe(f"{uid}#{k}", uid, raw["lang"], p["cat"], str(p["q"]), now,
                            tuple(_forms(g) for g in p.get("expect") or ()),
                            tuple(_forms(g) for g in p.get("old") or ()),
                            tuple(str(x) for x in p.get("forbid") or ())))
    return UserSpec(uid, raw["lang"], raw.get("about", ""), tuple(str(x) for x in raw.get("private") or ()),
                    tuple(sessions), tuple(probes))


def load_users(only: tuple[str, ...] | list[str] | None = None, directory: Path = USERS_DIR) -> list[UserSpec]:
    users = [load_user(p) for p in sorted(directory.glob("*.yaml"))]
    if only:
        wanted = set(only)
        users = [u for u in users if u.user in wanted]
        missing = wanted - {u.user for u in users}
        if missing:
            raise ValueError(f"unknown test users: {sorted(missing)}")
    return users


def validate(users: list[UserSpec]) -> list[str]:
    """Consistency problems in the data (empty list = fine). The suite's own sanity test runs this."""
    problems: list[str] = []
    texts = {u.user: "\n".join(t.text for t in u.turns) for u in users}
    if len({u.user for u in users}) != len(users):
        problems.append("duplicate user ids")
    for u in users:
        own = texts[u.user]
        others = "\n".join(v for k, v in texts.items() if k != u.user)
        if u.lang not in LANGS:
            problems.append(f"{u.user}: lang {u.lang!r}")
        days = [s.day for s in u.sessions]
        if len(days) < 5 or len(set(days)) != len(days) or days != sorted(days):
            problems.append(f"{u.user}: needs >= 5 sessions on different days, oldest first")
        if not any(t.junk for t in u.turns):
            problems.append(f"{u.user}: no small-talk turn")
        for m in u.private:
            if not contains(own, m):
                problems.append(f"{u.user}: private marker {m!r} never said by the user")
            if contains(others, m):
                problems.append(f"{u.user}: private marker {m!r} also said by another user")
        cats = {p.cat for p in u.probes}
        for c in CATEGORIES:
            if c not in cats:
                problems.append(f"{u.user}: no {c} probe")
        for p in u.probes:
            if p.cat not in CATEGORIES:
                problems.append(f"{p.id}: category {p.cat!r}")
            if p.now.date() <= u.sessions[-1].day - dt.timedelta(days=0) and p.now.date() < u.sessions[-1].day:
                problems.append(f"{p.id}: 'now' is before the last session")
            for g in p.expect:
                if not any(contains(own, f) for f in g):
                    problems.append(f"{p.id}: expected {g} never said by the user")
            for g in p.old:
                if not any(contains(own, f) for f in g):
                    problems.append(f"{p.id}: old value {g} never said by the user")
            if p.cat == "change" and not p.old:
                problems.append(f"{p.id}: change probe without old values")
            if p.cat in ("smalltalk", "isolation") and not p.forbid:
                problems.append(f"{p.id}: {p.cat} probe without forbidden phrases")
            if p.cat == "smalltalk":
                junk = "\n".join(t.text for t in u.turns if t.junk)
                for f in p.forbid:
                    if not contains(junk, f):
                        problems.append(f"{p.id}: forbidden {f!r} is not from a small-talk turn")
            if p.cat == "isolation":
                if not any(contains(others, f) for f in p.forbid):
                    problems.append(f"{p.id}: no forbidden phrase is said by another user")
                for f in p.forbid:
                    if contains(own, f):
                        problems.append(f"{p.id}: forbidden {f!r} is said by the user themself")
            if p.cat != "smalltalk" and not p.expect:
                problems.append(f"{p.id}: no expected memory")
    return problems


def summary(users: list[UserSpec]) -> dict:
    """Counts for the report: users, sessions, turns and probes by language and category."""
    out = {"users": len(users), "by_lang": {}, "probes": {}}
    for u in users:
        d = out["by_lang"].setdefault(u.lang, {"users": 0, "sessions": 0, "turns": 0, "junk_turns": 0, "probes": 0})
        d["users"] += 1
        d["sessions"] += len(u.sessions)
        d["turns"] += len(u.turns)
        d["junk_turns"] += sum(t.junk for t in u.turns)
        d["probes"] += len(u.probes)
        for p in u.probes:
            out["probes"].setdefault(p.cat, {}).setdefault(u.lang, 0)
            out["probes"][p.cat][u.lang] += 1
    return out


__all__ = ["CATEGORIES", "CI_USERS", "LANGS", "Probe", "SessionSpec", "TurnSpec", "UserSpec", "load_user", "load_users",
           "norm", "summary", "validate"]
