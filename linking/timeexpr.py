"""Time expressions resolved against the message time, English and Chinese. Pure.

``find_times(text, now)`` → list of ``TimeExpr`` (span, resolved datetime, granularity day/week/month/year).
Week-relative expressions resolve to the Monday of that week ("next week", 下周), weekdays to that day
("next Tuesday" = Tuesday of next week, "this Friday"/"周五" = the coming Friday), "this weekend"/周末 to the
coming Saturday, months to the 1st, "later this month" to the period from today to its end. A habit ("every
Monday", 每周末) and an idiom ("built in a day") are no date; a time of day alone is today's while still ahead.

Hand-written rather than ``dateparser`` (measured, ``bench/dates_bench.py``): dateparser 1.5.0 reads most
Chinese relative dates wrongly or not at all (19号, 三天后, 这周六, 月底; 23/47 right vs 47/47), finds dates in
"May I", "Sat down", "I came 2nd" (en 38/53 vs 53/53), gives no week/month granularity, and is ~20x the CPU.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import datetime, timedelta

from graphmem.lang import union

from .normalize import has_cjk, parse_number

_EN_WEEKDAYS = {"monday": 0, "tuesday": 1, "wednesday": 2, "thursday": 3, "friday": 4, "saturday": 5,
                "sunday": 6, "mon": 0, "tue": 1, "tues": 1, "wed": 2, "thu": 3, "thur": 3, "thurs": 3, "fri": 4,
                "sat": 5, "sun": 6}
_ZH_WEEKDAYS = {"一": 0, "二": 1, "三": 2, "四": 3, "五": 4, "六": 5, "日": 6, "天": 6, "1": 0, "2": 1, "3": 2,
                "4": 3, "5": 4, "6": 5, "7": 6}
_EN_MONTHS = {m: i + 1 for i, m in enumerate(["january", "february", "march", "april", "may", "june", "july",
                                              "august", "september", "october", "november", "december"])}
_EN_MONTHS.update({m[:3]: i for m, i in list(_EN_MONTHS.items())})
_EN_MONTHS["sept"] = 9
_EN_NUM = {"a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7,
           "eight": 8, "nine": 9, "ten": 10, "eleven": 11, "twelve": 12, "couple of": 2, "a couple of": 2,
           "few": 3, "a few": 3}


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


_EN_NUMWORD = r"(\d+|a couple of|a few|couple of|few|an?|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve)"
_EN_RULES: list[tuple[re.Pattern, object]] = []


def _en(pattern: str):
    def deco(fn):
        _EN_RULES.append((re.compile(pattern, re.I), fn))
        return fn
    return deco


def _n(s: str) -> int:
    s = s.lower()
    return int(s) if s.isdigit() else _EN_NUM.get(s, 1)


@_en(r"\bthe day after tomorrow\b")
def _(m, now):
    return _day(now, 2), "day"


@_en(r"\bthe day before yesterday\b")
def _(m, now):
    return _day(now, -2), "day"


@_en(r"\b(today|tonight|this (?:morning|afternoon|evening)|later today)\b")
def _(m, now):
    return _day(now), "day"


@_en(r"\btomorrow\b")
def _(m, now):
    return _day(now, 1), "day"


@_en(r"\b(yesterday|last night)\b")
def _(m, now):
    return _day(now, -1), "day"


_A_COUPLE = re.compile(r"\s+or\s+(?:two|so)\b", re.I)
_FREQUENCY = re.compile(r"\b(?:once|twice|thrice|times)\s+$", re.I)


@_en(r"\bin " + _EN_NUMWORD + r" (day|week|month|year)s?\b")
def _(m, now):
    n, unit = _n(m.group(1)), m.group(2).lower()
    if m.group(1).lower() in ("a", "an") and not _A_COUPLE.match(m.string, m.end()) \
            and (unit == "day" or _FREQUENCY.search(m.string, 0, m.start())):
        return None   # "Rome wasn't built in a day", "twice in a week": an idiom or a rate; "in a day or two" is a date
    if unit == "day":
        return _day(now, n), "day"
    if unit == "week":
        return _day(now, 7 * n), "day"
    if unit == "month":
        return _month(now, n), "month"
    return _year(now, n), "year"


@_en(r"\b" + _EN_NUMWORD + r" (day|week|month|year)s? ago\b")
def _(m, now):
    n, unit, vague = _n(m.group(1)), m.group(2).lower(), "few" in m.group(1).lower()
    if unit == "day":
        return _day(now, -n), "day", _few_days(now) if vague or "couple" in m.group(1).lower() else None
    if unit == "week":
        return _day(now, -7 * n), "day", _few_weeks(now) if vague else _around(_day(now, -7 * n))
    if unit == "month":
        return _month(now, -n), "month", _months_ago(now, n)
    return _year(now, -n), "year"


@_en(r"\b(next|last|this|coming|on)\s+(monday|tuesday|wednesday|thursday|friday|saturday|sunday|mon|tues?|wed|thu(?:rs?)?|fri|sat|sun)\b")
def _(m, now):
    which = {"coming": "", "on": ""}.get(m.group(1).lower(), m.group(1).lower())
    wd = _EN_WEEKDAYS[m.group(2).lower()]
    if which != "last":
        return _weekday(now, wd, which), "day"
    day = _day(now, -((now.weekday() - wd) % 7 or 7))   # "last Wednesday": the latest one, or the one before
    return _weekday(now, wd, which), "day", (day - timedelta(days=7), day + timedelta(days=1))


@_en(r"\b(monday|tuesday|wednesday|thursday|friday|saturday|sunday)\b")
def _(m, now):
    return _weekday(now, _EN_WEEKDAYS[m.group(1).lower()], ""), "day"


@_en(r"\b(this|next|last)? ?weekend\b")
def _(m, now):
    which = (m.group(1) or "").lower()
    return _weekday(now, 5, {"this": "", "": ""}.get(which, which)), "day", _last_week(now) if which == "last" else None


@_en(r"\blater this (week|month|year)\b")
def _(m, now):
    unit = m.group(1).lower()
    end = _monday(now, 1) if unit == "week" else _month(now, 1) if unit == "month" else _year(now, 1)
    return _day(now), "period", (_day(now), end)   # from today to the end of it, not its first day


@_en(r"\b(next|last|this) (week|month|year)\b")
def _(m, now):
    d = {"next": 1, "last": -1, "this": 0}[m.group(1).lower()]
    unit = m.group(2).lower()
    if unit == "week":
        return _monday(now, d), "week"
    if unit == "month":
        return _month(now, d), "month"
    return _year(now, d), "year"


@_en(r"\b(jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sept?(?:ember)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)\.? (\d{1,2})(?:st|nd|rd|th)?\b")
def _(m, now):
    mon = _EN_MONTHS.get(m.group(1).lower().rstrip("."), _EN_MONTHS.get(m.group(1).lower()[:3]))
    d = _date(now, mon, int(m.group(2)))
    return (d, "day") if d else None


@_en(r"\b(\d{1,2})(?:st|nd|rd|th)? (?:of )?(jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sept?(?:ember)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)\b")
def _(m, now):
    d = _date(now, _EN_MONTHS[m.group(2).lower()[:3]], int(m.group(1)))
    return (d, "day") if d else None


@_en(r"\b(in|this|next|last|by|until|since|early|late|mid)[\s-]+(january|february|march|april|may|june|july|august|september|october|november|december)\b")
def _(m, now):
    mon = _EN_MONTHS[m.group(2).lower()]
    which = m.group(1).lower()
    year = now.year
    if which == "next" or (which in ("in", "by", "until", "early", "late", "mid") and mon < now.month):
        year += 1
    if which in ("last", "since") and mon >= now.month:
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


@_en(r"(?:\bthe |\b(?:mon|tues|wednes|thurs|fri|satur|sun)day,? (?:the )?)(\d{1,2})(?:st|nd|rd|th)\b"
     r"(?!\s+(?:time|times|place|floor|grade|year|attempt|round|anniversary|birthday|century|edition|week|day|month|"
     r"person|one|kid|child|baby|book|episode|chapter|game|lesson|session)s?\b)"
     r"(?!,?\s+(?:of\s+)?(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec))")
def _(m, now):
    d = _day_of_month(now, int(m.group(1)))
    return (d, "day") if d else None


@_en(r"\b(\d{4})-(\d{2})-(\d{2})\b")
def _(m, now):
    try:
        return datetime(int(m.group(1)), int(m.group(2)), int(m.group(3)), tzinfo=now.tzinfo), "day"
    except ValueError:
        return None


# ---- Chinese --------------------------------------------------------------------------------------------------

_ZH_NUM = r"([0-9０-９一二两三四五六七八九十半几]+)"
_ZH_RULES: list[tuple[re.Pattern, object]] = []


def _zh(pattern: str):
    def deco(fn):
        _ZH_RULES.append((re.compile(pattern), fn))
        return fn
    return deco


def _zn(s: str) -> int:
    v = parse_number(s)
    return int(v) if v else (3 if "几" in s else 1)


# "19号", "十九号", "25日" with no month before it (not "3号线", "19号楼", "生日")
@_zh(r"(?<![0-9０-９月一二三四五六七八九十])([0-9]{1,2}\s?[号日]|[一二三四五六七八九十]{1,3}号)(?!线|楼|床|门|房|院|机|车厢|位|窗口|桌)")
def _(m, now):
    d = _day_of_month(now, _zn(re.sub(r"\s?[号日]$", "", m.group(1))))
    return (d, "day") if d else None


@_zh(r"大后天")
def _(m, now):
    return _day(now, 3), "day"


@_zh(r"大前天")
def _(m, now):
    return _day(now, -3), "day"


@_zh(r"后天")
def _(m, now):
    return _day(now, 2), "day"


@_zh(r"前天")
def _(m, now):
    return _day(now, -2), "day"


@_zh(r"明天|明早|明晚|明儿")
def _(m, now):
    return _day(now, 1), "day"


@_zh(r"昨天|昨晚|昨儿|昨日")
def _(m, now):
    return _day(now, -1), "day"


@_zh(r"今天|今晚|今早|今儿|今日|今夜")
def _(m, now):
    return _day(now), "day"


@_zh(r"(下下|下|上上|上|这|本)(?:个)?(?:周|星期|礼拜)([一二三四五六日天1-7])")
def _(m, now):
    which = {"下": "next", "上": "last", "这": "this", "本": "this"}.get(m.group(1))
    if which is None:   # 下下周三 / 上上周三
        base = 2 if m.group(1) == "下下" else -2
        return _day(now, -now.weekday() + 7 * base + _ZH_WEEKDAYS[m.group(2)]), "day"
    return _weekday(now, _ZH_WEEKDAYS[m.group(2)], which), "day"


@_zh(r"(下|上|这个|这|本)?(?:个)?周末")
def _(m, now):
    which = {"下": "next", "上": "last"}.get(m.group(1) or "", "")
    return _weekday(now, 5, which), "day", _last_week(now) if which == "last" else None


@_zh(r"(?:周|星期|礼拜)([一二三四五六日天1-7])")
def _(m, now):
    return _weekday(now, _ZH_WEEKDAYS[m.group(1)], ""), "day"


@_zh(r"(下下|下|上上|上|这|本)(?:个)?(?:周|星期|礼拜)")
def _(m, now):
    d = {"下下": 2, "下": 1, "上上": -2, "上": -1, "这": 0, "本": 0}[m.group(1)]
    return _monday(now, d), "week"


@_zh(r"(下|上|这|本)(?:个)?月(?![0-9一二三四五六七八九十]+[号日])")
def _(m, now):
    return _month(now, {"下": 1, "上": -1, "这": 0, "本": 0}[m.group(1)]), "month"


@_zh(r"明年|去年|今年|后年|前年")
def _(m, now):
    return _year(now, {"明年": 1, "去年": -1, "今年": 0, "后年": 2, "前年": -2}[m.group(0)]), "year"


@_zh(_ZH_NUM + r"(?:个)?(天|周|星期|礼拜|月|年)(?:以后|之后|后)")
def _(m, now):
    n, unit = _zn(m.group(1)), m.group(2)
    if unit == "天":
        return _day(now, n), "day"
    if unit in ("周", "星期", "礼拜"):
        return _day(now, 7 * n), "day"
    if unit == "月":
        return _month(now, n), "month"
    return _year(now, n), "year"


@_zh(r"过" + _ZH_NUM + r"(?:个)?(天|周|星期|礼拜|月)")
def _(m, now):
    n, unit = _zn(m.group(1)), m.group(2)
    return (_day(now, n), "day") if unit == "天" else (_day(now, 7 * n), "day") if unit != "月" \
        else (_month(now, n), "month")


@_zh(_ZH_NUM + r"(?:个)?(天|周|星期|礼拜|月|年)(?:以前|之前|前)")
def _(m, now):
    n, unit, vague = _zn(m.group(1)), m.group(2), "几" in m.group(1)
    if unit == "天":
        return _day(now, -n), "day", _few_days(now) if vague else None
    if unit in ("周", "星期", "礼拜"):
        return _day(now, -7 * n), "day", _few_weeks(now) if vague else _around(_day(now, -7 * n))
    if unit == "月":
        return _month(now, -n), "month", _months_ago(now, n)
    return _year(now, -n), "year"


@_zh(r"([0-9]{1,2}|[一二三四五六七八九十]{1,3})月([0-9]{1,2}|[一二三四五六七八九十]{1,3})(?:号|日)")
def _(m, now):
    d = _date(now, _zn(m.group(1)), _zn(m.group(2)))
    return (d, "day") if d else None


@_zh(r"(\d{4})年(\d{1,2})月(\d{1,2})(?:号|日)")
def _(m, now):
    try:
        return datetime(int(m.group(1)), int(m.group(2)), int(m.group(3)), tzinfo=now.tzinfo), "day"
    except ValueError:
        return None


@_zh(r"(?<![0-9一二两三四五六七八九十个])([0-9]{1,2}|十[一二]?|[一二三四五六七八九])月份?(?![0-9一二三四五六七八九十]+[号日])(?![一两二三四五几]?[次回趟遍])")
def _(m, now):
    mon = _zn(m.group(1))
    if not 1 <= mon <= 12:
        return None
    return datetime(now.year + (1 if mon < now.month else 0), mon, 1, tzinfo=now.tzinfo), "month"


@_zh(r"(下个?|这个?|本|上个?)?月(底|初|中)")
def _(m, now):
    d = {"下": 1, "下个": 1, "上": -1, "上个": -1}.get(m.group(1) or "", 0)
    base = _month(now, d)
    day = {"初": 1, "中": 15}.get(m.group(2))
    if day is None:
        day = (_month(now, d + 1) - timedelta(days=1)).day
    third = {"初": (1, 11), "中": (11, 21)}.get(m.group(2))   # 上旬/中旬/下旬: the month's first, middle, last ten days
    period = (base.replace(day=third[0]), base.replace(day=third[1])) if third else (base.replace(day=21), _month(now, d + 1))
    return base.replace(day=day), "day", period


@_zh(r"(明|今|去)?年(底|初)")
def _(m, now):
    d = {"明": 1, "去": -1}.get(m.group(1) or "", 0)
    y = now.year + d
    return (datetime(y, 12, 31, tzinfo=now.tzinfo) if m.group(2) == "底" else datetime(y, 1, 1, tzinfo=now.tzinfo)), "day"


@_en(r"\b(?:the )?end of (?:the |this )?(month|year|week)\b")
def _(m, now):
    unit = m.group(1).lower()
    if unit == "month":
        return _month(now, 1) - timedelta(days=1), "day"
    if unit == "year":
        return datetime(now.year, 12, 31, tzinfo=now.tzinfo), "day"
    return _day(now, 6 - now.weekday()), "day"


_ZH_TOD = re.compile(r"(凌晨|早上|早晨|上午|中午|下午|傍晚|晚上|夜里)?([0-9]{1,2}|[一二两三四五六七八九十]{1,3})点(半|一刻|三刻|([0-9]{1,2}|[一二三四五六七八九十]{1,3})分?)?")
_EN_TOD = re.compile(r"\b(?:at\s+)?(\d{1,2})(?::(\d{2}))?\s*(am|pm|a\.m\.|p\.m\.)|\bat\s+(\d{1,2})(?::(\d{2}))?\b(?!\s*(?:%|percent|people|kids|years))|\b(noon|midday|midnight)\b", re.I)


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


_CLOCK = re.compile(r"\d|点")   # what a time said plainly needs (a digit or 点): the cheap test before the others


def _time_of_day(text: str) -> tuple[int, int, int, int, bool] | None:
    """(hour, minute, start, end, said plainly): plainly when the part of the day, the minutes or am/pm are said."""
    m = _ZH_TOD.search(text)
    if m:
        h = parse_number(m.group(2))
        if h is None or h > 24:
            return None
        h = int(h)
        if m.group(1) in ("下午", "傍晚", "晚上", "夜里") and h < 12:
            h += 12
        if m.group(1) == "中午" and h < 6:
            h += 12
        mins = {"半": 30, "一刻": 15, "三刻": 45}.get(m.group(3) or "", None)
        if mins is None:
            mins = int(parse_number(m.group(4)) or 0) if m.group(4) else 0
        return h % 24, min(int(mins), 59), m.start(), m.end(), bool(m.group(1) or m.group(3))
    m = _EN_TOD.search(text)
    if m:
        if m.group(6):
            return ((0, 0) if m.group(6).lower() == "midnight" else (12, 0)) + (m.start(), m.end(), False)
        if m.group(1):
            h, mins = int(m.group(1)), int(m.group(2) or 0)
            if m.group(3).lower().startswith("p") and h < 12:
                h += 12
            if m.group(3).lower().startswith("a") and h == 12:
                h = 0
        else:
            h, mins = int(m.group(4)), int(m.group(5) or 0)
            if 1 <= h <= 7:
                h += 12     # "at 5" in a plan means 17:00
        if h < 24 and mins < 60:
            return h, mins, m.start(), m.end(), bool(m.group(3) or m.group(2) or m.group(5))
    return None


# ---- periods a question names without a date ("the other day", "前几天", "the week before last") ----------------
# read only when asked for (``find_times(..., periods=True)``): a statement's date needs a day, a question a period

_PERIOD_RULES: list[tuple[re.Pattern, object]] = []


def _period(pattern: str):
    def deco(fn):
        def rule(m, now):
            span = fn(m, now)
            return span[0], "period", span
        _PERIOD_RULES.append((re.compile(pattern, re.I), rule))
        return fn
    return deco


@_period(r"\b(?:a few|a couple of|several) days (?:ago|back)\b|\bthe other day\b|几天前|前几天|前两天")
def _(m, now):
    return _few_days(now)


@_period(r"\b(?:a few|several) weeks (?:ago|back)\b|几周前|前几周")
def _(m, now):
    return _few_weeks(now)


@_period(r"\b(an?|one|two|three|a couple of|\d+)\s+months?(?:\s+or so)?\s+(?:ago|back)\b")
def _(m, now):
    return _months_ago(now, _n(m.group(1)))


@_period(r"(\d+|[一两二三四五六])\s*个多?月(?:以)?前")
def _(m, now):
    return _months_ago(now, _zn(m.group(1)))


@_period(r"\bpast week\b")
def _(m, now):
    return _last_week(now)


@_period(r"\bpast month\b")
def _(m, now):
    return _month(now, -1), _month(now, 0)


@_period(r"\b(?:week|weekend) before last\b|上上个?周末")
def _(m, now):
    return _monday(now, -2), _monday(now, -1)


_CLAUSE_END = re.compile(r"[，。！？；,.!?;\n]")


def _habitual(text: str, s: int, hit: str) -> bool:
    """A weekday or weekend said of a habit ("every Monday", "每个周末", "每周都会在周末去打球"): no one day. The
    words: each pack's ``weekday_word``, ``every_end`` (right before it) and ``weekly`` (anywhere before it)."""
    if not union("weekday_word").search(hit):
        return False
    before = _CLAUSE_END.split(text[:s])[-1]
    return bool(union("every_end").search(before.rstrip()) or union("weekly").search(before))


def find_times(text: str, now: datetime, periods: bool = False) -> list[TimeExpr]:
    """All non-overlapping time expressions, longest/earliest rule first; with ``periods``, also the periods a
    question names without a date ("the other day", "前几天")."""
    found: list[TimeExpr] = []
    taken: list[tuple[int, int]] = []
    cands = []
    zh = has_cjk(text)   # every Chinese rule needs a Chinese character: without one none can match
    for k, (pat, fn) in enumerate(_ZH_RULES + _EN_RULES + (_PERIOD_RULES if periods else [])):
        if k < len(_ZH_RULES) and not zh:
            continue
        for m in pat.finditer(text):
            if m.end() > m.start():
                cands.append((-(m.end() - m.start()), k, m, fn))
    for _, _, m, fn in sorted(cands, key=lambda c: (c[0], c[1])):   # longest match first, then rule order
        s, e = m.span()
        if any(not (e <= a or s >= b) for a, b in taken):
            continue
        if _habitual(text, s, m.group(0)):
            taken.append((s, e))
            continue
        r = fn(m, now)
        if not r:
            continue
        found.append(TimeExpr(s, e, r[0], r[1], m.group(0), *r[2:]))
        taken.append((s, e))
    found.sort(key=lambda t: t.start)
    if not found and not taken and _CLOCK.search(text):   # no day said (nor a habit's): a time of day alone
        alone = _time_alone(text, now)
        return [alone] if alone else []
    tod = time_of_day(text) if found else None
    if tod:
        first = next((i for i, t in enumerate(found) if t.granularity == "day"), None)
        if first is not None:
            t = found[first]
            found[first] = TimeExpr(t.start, t.end, t.when.replace(hour=tod[0], minute=tod[1]), "time", t.text, t.period)
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
