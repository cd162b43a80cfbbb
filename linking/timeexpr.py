"""Time expressions resolved against the message time. Pure.

``find_times(text, now)`` → list of ``TimeExpr`` (span, resolved datetime, granularity day/week/month/year).
Week-relative expressions resolve to the Monday of that week ("next week", 下周), weekdays to that day
("next Tuesday" = Tuesday of next week, "this Friday"/"周五" = the coming Friday), "this weekend"/周末 to the
coming Saturday, months to the 1st, "later this month" to the period from today to its end; a year said is the
year meant ("May 2019", "on 14 June 2021", "since 2015", 2019年5月, 去年三月). A habit ("every
Monday", 每周末) and an idiom ("built in a day") are no date; a time of day alone is today's while still ahead.

The grammar's words are the language packs' (``graphmem/lang/<code>/dates.tsv``, ``periods.tsv`` and the tables
their rules read; a time of day is each pack's ``rules.clock``); this module resolves what they match: a rule's kind
names its resolver (``_KINDS``). Adding a language's dates means adding those files to its pack.

Hand-written rather than ``dateparser`` (measured, ``bench/dates_bench.py``, ``bench/results/dates.md``): dateparser
1.5.0 reads most Chinese relative dates wrongly or not at all (19号, 三天后, 这周六, 月底; 23/47 right vs 47/47), finds
dates in "May I", "Sat down", "I came 2nd" (en 38/53 vs 53/53), gives no week/month granularity, and is ~20x the CPU.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import datetime, timedelta
from functools import lru_cache

from graphmem import lang
from graphmem.lang import union

from . import prefilter
from .normalize import parse_number

@dataclass(frozen=True)
class TimeExpr:
    start: int
    end: int
    when: datetime
    granularity: str   # time | day | week | month | year | period
    text: str
    #: the days [start, end) it may mean when that is not its granularity's one period: "a few days ago" is the
    #: past week, "three weeks ago" a week around that day, "last Wednesday" either of the last two (questions)
    period: tuple[datetime, datetime] | None = None
    year_said: bool = False   # its year is said ("May 2019", 2019年5月): it means that day whenever it is read


def _day(now: datetime, delta_days: int = 0) -> datetime:
    d = (now + timedelta(days=delta_days)).date()
    return datetime(d.year, d.month, d.day, tzinfo=now.tzinfo)


def _monday(now: datetime, weeks: int = 0) -> datetime:
    return _day(now, -now.weekday() + 7 * weeks)


def _weekday(now: datetime, wd: int, which: str) -> datetime:
    if which == "next":
        return _day(now, -now.weekday() + 7 + wd)
    if which == "last":
        return _day(now, -now.weekday() - 7 + wd)
    if which == "this":
        return _day(now, -now.weekday() + wd)
    ahead = (wd - now.weekday()) % 7        # bare "Friday" / "周五": the coming one (today counts)
    return _day(now, ahead)


def _month(now: datetime, delta: int) -> datetime:
    y, m = now.year, now.month + delta
    while m > 12:
        y, m = y + 1, m - 12
    while m < 1:
        y, m = y - 1, m + 12
    return datetime(y, m, 1, tzinfo=now.tzinfo)


def _year(now: datetime, delta: int) -> datetime:
    return datetime(now.year + delta, 1, 1, tzinfo=now.tzinfo)


def _date(now: datetime, month: int, day: int) -> datetime | None:
    try:
        return datetime(now.year, month, day, tzinfo=now.tzinfo)
    except ValueError:
        return None


def _span(now: datetime, first: int, last: int) -> tuple[datetime, datetime]:
    return _day(now, first), _day(now, last)


def _few_days(now: datetime) -> tuple[datetime, datetime]:
    return _span(now, -7, 0)          # "a few days ago", "前几天": the past week


def _few_weeks(now: datetime) -> tuple[datetime, datetime]:
    return _span(now, -34, -11)       # "a few weeks ago", "几周前": two to five weeks back


def _around(day: datetime) -> tuple[datetime, datetime]:
    return day - timedelta(days=2), day + timedelta(days=3)    # "three weeks ago": give or take a few days


def _months_ago(now: datetime, n: int) -> tuple[datetime, datetime]:
    return _span(now, -30 * n - 14, -30 * n + 11)   # "two months ago": about 60 days back, a fortnight either way


def _last_week(now: datetime) -> tuple[datetime, datetime]:
    return _monday(now, -1), _monday(now)


# ---- the rules: each pack's dates.tsv / periods.tsv rows, resolved by kind ---------------------------------------

def _count(s: str, p) -> int:
    """A count in a date: the pack's word for it ("a few"), a numeral (3, 三), else 3 for a vague one (几), else 1."""
    w = p.table("date_numbers").get(s.casefold())
    if w is not None:
        return int(w)
    v = parse_number(s)
    if v:
        return int(v)
    return 3 if p.regex("date_few").search(s) else 1


def _month_no(s: str, p) -> int:
    t = p.table("month_numbers")
    k = s.casefold()
    w = t.get(k) or t.get(k[:3])
    return int(w) if w else _count(s, p)


def _which(m: re.Match, p) -> tuple[int | None, bool]:
    """(how many weeks/months/years from this one, None for the coming one; may mean either of the last two)."""
    row = next((r for r in p.rows("date_which") if r[0] == (m.group("which") or "").casefold()), None)
    if row is None or len(row) < 2 or row[1] == "":
        return None, False
    return int(row[1]), len(row) > 2 and row[2] == "either"


def _unit(m: re.Match, p) -> str:
    return p.table("date_units")[m.group("unit").casefold()]


def _k_day(m, now, p):
    return _day(now, int(p.table("date_days")[m.group(0).casefold()])), "day"


def _k_in(m, now, p):
    n, unit = _count(m.group("n"), p), _unit(m, p)
    if m.group("n").casefold() in p.words("date_indefinite") and not p.regex("date_or_so").match(m.string, m.end()) \
            and (unit == "day" or p.regex("date_rate").search(m.string, 0, m.start())):
        return None   # "Rome wasn't built in a day", "twice in a week": an idiom or a rate; "in a day or two" is a date
    if unit == "day":
        return _day(now, n), "day"
    if unit == "week":
        return _day(now, 7 * n), "day"
    if unit == "month":
        return _month(now, n), "month"
    return _year(now, n), "year"


def _k_ago(m, now, p):
    n, unit = _count(m.group("n"), p), _unit(m, p)
    if unit == "day":
        return _day(now, -n), "day", _few_days(now) if p.regex("date_few_days").search(m.group("n")) else None
    if unit == "week":
        vague = p.regex("date_few").search(m.group("n"))
        return _day(now, -7 * n), "day", _few_weeks(now) if vague else _around(_day(now, -7 * n))
    if unit == "month":
        return _month(now, -n), "month", _months_ago(now, n)
    return _year(now, -n), "year"


def _k_weekday_rel(m, now, p):
    k, either = _which(m, p)
    wd = int(p.table("weekday_numbers")[m.group("wd").casefold()])
    if k is None and m.group("which").casefold() != "coming":   # "on Monday"
        return _bare_weekday(m, now, wd, p), "day"
    when = _weekday(now, wd, "") if k is None else _day(now, -now.weekday() + 7 * k + wd)
    if not either:
        return when, "day"
    day = _day(now, -((now.weekday() - wd) % 7 or 7))   # "last Wednesday": the latest one, or the one before
    return when, "day", (day - timedelta(days=7), day + timedelta(days=1))


def _k_weekday(m, now, p):
    return _bare_weekday(m, now, int(p.table("weekday_numbers")[m.group("wd").casefold()]), p), "day"


def _bare_weekday(m: re.Match, now: datetime, wd: int, p) -> datetime:
    """A weekday said without a week ("on Monday", "周一"): the coming one (today counts), or the latest one (today
    counts) when its clause tells it as past ("I started my new job on Monday", "我周六去爬山了")."""
    if _told_as_past(m, p):
        return _day(now, -((now.weekday() - wd) % 7))
    return _weekday(now, wd, "")


def _told_as_past(m: re.Match, p) -> bool:
    """The clause of a bare weekday or month tells it as past: the pack's ``day_past_before`` matches the clause's
    text before it, or ``day_past_after`` the text after it."""
    before = _CLAUSE_END.split(m.string[:m.start()])[-1]
    after = _CLAUSE_END.split(m.string[m.end():])[0]
    return bool(p.regex("day_past_before").search(before) or p.regex("day_past_after").search(after))


def _k_weekend(m, now, p):
    k, _ = _which(m, p)
    when = _weekday(now, 5, "") if not k else _day(now, -now.weekday() + 7 * k + 5)
    return when, "day", _last_week(now) if k == -1 else None


def _k_later_this(m, now, p):
    unit = _unit(m, p)
    end = _monday(now, 1) if unit == "week" else _month(now, 1) if unit == "month" else _year(now, 1)
    return _day(now), "period", (_day(now), end)   # from today to the end of it, not its first day


def _k_unit_rel(m, now, p):
    d, unit = _which(m, p)[0] or 0, _unit(m, p)
    if unit == "week":
        return _monday(now, d), "week"
    if unit == "month":
        return _month(now, d), "month"
    return _year(now, d), "year"


def _k_date(m, now, p):
    d = _date(now, _month_no(m.group("mon"), p), _count(m.group("day"), p))
    return (d, "day") if d else None


def _k_ymd(m, now, p):
    try:
        return datetime(int(m.group("y")), _month_no(m.group("mon"), p), _count(m.group("day"), p),
                        tzinfo=now.tzinfo), "day"
    except ValueError:
        return None


def _k_month_year(m, now, p):
    """A month of a year said ("May 2019", 2019年5月) or named (去年三月: last year's)."""
    mon = _month_no(m.group("mon"), p)
    year = int(m.group("y")) if m.groupdict().get("y") else now.year + (_which(m, p)[0] or 0)
    return (datetime(year, mon, 1, tzinfo=now.tzinfo), "month") if 1 <= mon <= 12 else None


def _k_year(m, now, p):
    return datetime(int(m.group("y")), 1, 1, tzinfo=now.tzinfo), "year"


def _k_month(m, now, p):
    mon = _month_no(m.group("mon"), p)
    if not 1 <= mon <= 12:
        return None
    which = p.table("month_which").get((m.groupdict().get("which") or "").casefold(), "ahead")
    if which == "ahead" and _told_as_past(m, p):   # "I joined Google in May", "we went to Paris in January"
        return datetime(now.year - (mon > now.month), mon, 1, tzinfo=now.tzinfo), "month"
    year = now.year
    if which == "next" or (which == "ahead" and mon < now.month):
        year += 1
    if which == "back" and mon >= now.month:
        year -= 1
    return datetime(year, mon, 1, tzinfo=now.tzinfo), "month"


def _day_of_month(now: datetime, day: int) -> datetime | None:
    """A day of the month said without its month ("推到19号", "the 25th"): this month's if it is still ahead or
    at most a week past, else next month's."""
    if not 1 <= day <= 31:
        return None
    start = _month(now, 0 if day >= now.day - 7 else 1)
    for k in range(3):   # the 31st of a 30-day month: the next month that has one
        try:
            return _month(start, k).replace(day=day)
        except ValueError:
            continue
    return None


def _k_dom(m, now, p):
    d = _day_of_month(now, _count(m.group("day"), p))
    return (d, "day") if d else None


def _k_month_part(m, now, p):
    d = _which(m, p)[0] or 0
    part = p.table("date_parts")[m.group("part")]
    base = _month(now, d)
    if part == "end":
        day = (_month(now, d + 1) - timedelta(days=1)).day
        return base.replace(day=day), "day", (base.replace(day=21), _month(now, d + 1))
    first, last = (1, 11) if part == "start" else (11, 21)   # the month's first, middle or last ten days
    return base.replace(day=first if part == "start" else 15), "day", (base.replace(day=first), base.replace(day=last))


def _k_year_part(m, now, p):
    y = now.year + (_which(m, p)[0] or 0)
    end = p.table("date_parts")[m.group("part")] == "end"
    return (datetime(y, 12, 31, tzinfo=now.tzinfo) if end else datetime(y, 1, 1, tzinfo=now.tzinfo)), "day"


def _k_end_of(m, now, p):
    unit = _unit(m, p)
    if unit == "month":
        return _month(now, 1) - timedelta(days=1), "day"
    if unit == "year":
        return datetime(now.year, 12, 31, tzinfo=now.tzinfo), "day"
    return _day(now, 6 - now.weekday()), "day"


# periods a question names without a date ("the other day", "前几天", "the week before last"): read only when asked
# for (``find_times(..., periods=True)``): a statement's date needs a day, a question a period
_PERIODS = {
    "few_days": lambda m, now, p: _few_days(now),
    "few_weeks": lambda m, now, p: _few_weeks(now),
    "months_ago": lambda m, now, p: _months_ago(now, _count(m.group("n"), p)),
    "past_week": lambda m, now, p: _last_week(now),
    "past_month": lambda m, now, p: (_month(now, -1), _month(now, 0)),
    "week_before_last": lambda m, now, p: (_monday(now, -2), _monday(now, -1)),
}
_KINDS = {k[3:]: f for k, f in list(globals().items()) if k.startswith("_k_")}


def _as_period(fn):
    def rule(m, now, p):
        span = fn(m, now, p)
        return span[0], "period", span
    return rule


@lang.cached(maxsize=1)
def _ordered() -> tuple:
    """The packs whose rules are tried, the default's last (a tie between two packs' rules goes to the other)."""
    ps = lang.packs()
    return tuple([p for p in ps if p.lang != lang.DEFAULT] + [p for p in ps if p.lang == lang.DEFAULT])


@lru_cache(maxsize=8)
def _rules(packs: tuple, periods: bool) -> list[tuple[re.Pattern, object, object]]:
    """(pattern, resolver, pack) of every pack's dates.tsv rows (then periods.tsv's), in order; cached per set of
    packs, so a pack added later (``lang.add_path``) counts."""
    out = [(re.compile(r[1]), _KINDS[r[0]], p) for p in packs for r in p.rows("dates")]
    if periods:
        out += [(re.compile(r[1]), _as_period(_PERIODS[r[0]]), p) for p in packs for r in p.rows("periods")]
    return out


@lru_cache(maxsize=8)
def _needs(packs: tuple, periods: bool) -> dict[str, prefilter.Needs | None]:
    """Per pack, what a text needs before any of its rules can match it (``prefilter``): most clauses name no date,
    and a test of a few strings spares the tries of every rule at every position."""
    rules: dict[str, list] = {}
    for pat, _, p in _rules(packs, periods):
        rules.setdefault(p.lang, []).append(prefilter.needed(pat))
    return {code: prefilter.either(needs) for code, needs in rules.items()}


@lru_cache(maxsize=8)
def _by_pack(packs: tuple, periods: bool) -> dict[str, tuple]:
    """``_rules`` per pack: (index in ``_rules``, pattern, resolver, pack)."""
    out: dict[str, list] = {}
    for k, (pat, fn, p) in enumerate(_rules(packs, periods)):
        out.setdefault(p.lang, []).append((k, pat, fn, p))
    return {code: tuple(rules) for code, rules in out.items()}


# ---- a time of day: each pack's rules.clock ---------------------------------------------------------------------

def time_of_day(text: str) -> tuple[int, int] | None:
    """'下午三点半' → (15, 30), '3pm' → (15, 0), 'at 10' → (10, 0), 'noon' → (12, 0)."""
    r = _time_of_day(text)
    return r[:2] if r else None


def _time_alone(text: str, now: datetime) -> TimeExpr | None:
    """A time of day said with no day ("下午三点开会", "call me at 3pm"): today at that time when it is still
    ahead; a bare hour ("三点", "at 5"), a habit ("每天下午三点") or a clause that is only the time names none."""
    r = _time_of_day(text)
    if not r or not r[4] or union("habit").search(text):
        return None
    before, after = _CLAUSE_END.split(text[:r[2]])[-1], _CLAUSE_END.split(text[r[3]:])[0]
    if not (before + after).strip():
        return None   # "…订在福满楼了，中午十二点": a time on its own completes a day said before, not today
    when = _day(now).replace(hour=r[0], minute=r[1])
    return TimeExpr(r[2], r[3], when, "time", text[r[2]:r[3]]) if when > now else None


def _time_of_day(text: str) -> tuple[int, int, int, int, bool] | None:
    """(hour, minute, start, end, said plainly): the first pack's clock that finds one (the default's last); plainly
    when the part of the day, the minutes or am/pm are said."""
    for p in _ordered():
        r = p.fn("clock")(text)
        if r is not None:
            return r or None
    return None


_CLAUSE_END = re.compile(r"[，。！？；,.!?;\n]")


def _habitual(text: str, s: int, hit: str) -> bool:
    """A weekday or weekend said of a habit ("every Monday", "每个周末", "每周都会在周末去打球"): no one day. The
    words: each pack's ``weekday_word``, ``every_end`` (right before it) and ``weekly`` (anywhere before it)."""
    if not union("weekday_word").search(hit):
        return False
    before = _CLAUSE_END.split(text[:s])[-1]
    return bool(union("every_end").search(before.rstrip()) or union("weekly").search(before))


def _live(packs: tuple, text: str) -> set[str]:
    """The packs whose rules can match: a pack's rules need its script (every Chinese rule a Chinese character)."""
    return {p.lang for p in packs if p.lang == lang.DEFAULT or p.regex("script").search(text)}


def find_times(text: str, now: datetime, periods: bool = False) -> list[TimeExpr]:
    """All non-overlapping time expressions, longest/earliest rule first; with ``periods``, also the periods a
    question names without a date ("the other day", "前几天")."""
    found: list[TimeExpr] = []
    taken: list[tuple[int, int]] = []
    cands = []
    packs = _ordered()
    needs = _needs(packs, periods)
    live = {code for code in _live(packs, text) if code in needs and prefilter.may_match(needs[code], text)}
    for code in live:
        for k, pat, fn, p in _by_pack(packs, periods)[code]:
            for m in pat.finditer(text):
                if m.end() > m.start():
                    cands.append((-(m.end() - m.start()), k, m, fn, p))
    for _, _, m, fn, p in sorted(cands, key=lambda c: (c[0], c[1])):   # longest match first, then rule order
        s, e = m.span()
        if any(not (e <= a or s >= b) for a, b in taken):
            continue
        if _habitual(text, s, m.group(0)):
            taken.append((s, e))
            continue
        r = fn(m, now, p)
        if not r:
            continue
        found.append(TimeExpr(s, e, r[0], r[1], m.group(0), *r[2:], year_said=bool(m.groupdict().get("y"))))
        taken.append((s, e))
    found.sort(key=lambda t: t.start)
    if not found and not taken and union("clock_hint").search(text):   # no day said (nor a habit's): a time of day alone
        alone = _time_alone(text, now)
        return [alone] if alone else []
    tod = time_of_day(text) if found else None
    if tod:
        first = next((i for i, t in enumerate(found) if t.granularity == "day"), None)
        if first is not None:
            t = found[first]
            found[first] = TimeExpr(t.start, t.end, t.when.replace(hour=tod[0], minute=tod[1]), "time", t.text, t.period,
                                    t.year_said)
    return found


def resolve_time(text: str, now: datetime) -> tuple[datetime | None, str]:
    """The first time expression of ``text`` resolved against ``now``: (datetime or None, matched text)."""
    ts = find_times(text, now)
    return (ts[0].when, ts[0].text) if ts else (None, "")


def span_end(text: str, times: list[TimeExpr], i: int) -> int:
    """Where the date starting at ``times[i]`` ends: adjacent times say one date ("明年五月", "周四 下午三点")."""
    end = times[i].end
    for t in times[i + 1:]:
        if text[end:t.start].strip():
            break
        end = t.end
    return end
