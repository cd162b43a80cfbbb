"""The evaluation suite's data and judge (no database needed; lives here because the suite does)."""

from __future__ import annotations

from bench.eval.data import CATEGORIES, CI_USERS, load_users, summary, validate
from bench.eval.judge import contains, judge


def test_the_suite_has_the_users_sessions_and_categories_the_issue_asks_for():
    users = load_users()
    assert validate(users) == []
    s = summary(users)
    assert s["users"] >= 24
    assert s["by_lang"]["zh"]["users"] >= 10 and s["by_lang"]["en"]["users"] >= 10
    assert s["by_lang"]["mixed"]["users"] >= 2
    assert all(len(u.sessions) >= 5 for u in users)
    for cat in CATEGORIES:
        assert sum(s["probes"][cat].values()) >= 24, cat
    assert set(CI_USERS) <= {u.user for u in users}


def test_no_two_users_share_a_sentence():
    """Hand-written, not templated: no user message appears twice across the suite."""
    seen = {}
    for u in load_users():
        for t in u.turns:
            if t.role == "user" and not t.junk:
                assert t.text not in seen, (u.user, seen.get(t.text), t.text)
                seen[t.text] = u.user


def test_judge_matching_rules():
    assert contains("My budget is now £1,800.", "1800")
    assert not contains("It is available now", "Ava")
    assert contains("Ava went vegetarian", "Ava")
    assert not contains("in 1850 they", "85")
    assert contains("我决定留在Boston", "留在 Boston")
    assert contains("30 km a week", "30km")
    assert contains("预算改成七千了", "七千")


def test_judge_latest_value_and_forbidden():
    v = judge(["Your budget is 1800 now", "Budget is around £1500"], [["1800"]], old=[["1500"]])
    assert v.recall == 1.0 and v.latest is True and v.hit
    v = judge(["Budget is around £1500", "Your budget is 1800 now"], [["1800"]], old=[["1500"]])
    assert v.latest is False
    v = judge(["You bought the MacBook Air M3"], [["ThinkPad"]], forbid=["MacBook Air M3"], foreign_markers=["Stripe"])
    assert v.recall == 0 and v.forbidden == ["MacBook Air M3"] and not v.hit
