"""Misreadings of dates and numerals found by bench/dates_bench (issue 17): each test failed on the old code."""

from datetime import datetime, timezone

from graphmem.linking.timeexpr import find_times

NOW = datetime(2026, 3, 11, 10, 0, tzinfo=timezone.utc)   # a Wednesday


def _days(text, now=NOW):
    return [(t.when.date().isoformat(), t.granularity) for t in find_times(text, now)]


def test_in_a_day_is_an_idiom_not_a_date():
    assert _days("Rome wasn't built in a day so keep pushing on!") == []
    assert _days("I go there twice in a week") == []
    assert _days("I'll reply in a day or two") == [("2026-03-12", "day")]
    assert _days("the results come in 2 days") == [("2026-03-13", "day")]
    assert _days("we move in a month") == [("2026-04-01", "month")]


def test_later_this_month_is_the_rest_of_the_month():
    t, = find_times("the fundraiser is later this month", NOW)
    assert (t.when.date().isoformat(), t.granularity, t.text) == ("2026-03-11", "period", "later this month")
    assert [d.date().isoformat() for d in t.period] == ["2026-03-11", "2026-04-01"]
    assert [d.date().isoformat() for d in find_times("later this week", NOW)[0].period] == ["2026-03-11", "2026-03-16"]
    assert _days("this month") == [("2026-03-01", "month")]


def test_a_habit_on_a_weekday_or_weekend_is_no_date():
    for text in ("我们有个羽毛球小组，每周都会在周末去打球", "每周末去打球", "每个周一开例会", "我每周一去健身", "每天跑步",
                 "I play tennis every weekend", "every Monday we meet", "each Friday I call mum"):
        assert find_times(text, NOW) == [], text
    assert _days("这个周末去打球") == [("2026-03-14", "day")]
    assert _days("每天都很忙，周六去打球") == [("2026-03-14", "day")]
    assert _days("I play every week, next Monday too") == [("2026-03-16", "day")]
