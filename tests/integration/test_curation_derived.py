"""Derived text follows curation (issue 19, item 5): after forget, outdate, restore or merge the profile is
regenerated, and a forgotten fact is redacted from the turns that still state it, so neither the profile nor
recall (vector, full-text, events) can answer it. Real write path, real Neo4j."""

from datetime import datetime, timedelta, timezone

import pytest

from graphmem import Memory, curate
from graphmem.write import history

AT = datetime(2026, 3, 1, 9, 0, tzinfo=timezone.utc)


@pytest.fixture
def mem(tenant_settings, tmp_path):
    with Memory(tenant_settings, journal_path=tmp_path / "j.sqlite3") as m:
        m.add("u", "s1", 1, "My budget is 8123 for the new laptop.", at=AT)
        m.add("u", "s1", 2, "I live in Lisbon and I have a dog called Rex.", at=AT + timedelta(minutes=1))
        assert m.flush(120)
        yield m


def _fact(m, key):
    return next(v for v in history(m.store, "u", "me") if v.key == key)


def _everything_recall_says(m, query):
    return " ".join(r.text + " " + r.source_text for r in m.recall("u", query, 8))


def test_forget_fact_regenerates_the_profile_and_redacts_the_turn(mem):
    assert "8123" in mem.profile("u").text and "8123" in _everything_recall_says(mem, "what is my budget?")
    report = mem.forget("u", fact=_fact(mem, "budget").id)
    assert "8123" not in mem.profile("u").text and "Lisbon" in mem.profile("u").text
    for query in ("what is my budget?", "8123", "how much can I spend on the new laptop?"):
        assert "8123" not in _everything_recall_says(mem, query), query
    texts = [e["text"] for e in curate.events(mem.store, "u")]
    assert all("8123" not in t for t in texts) and any("new laptop" in t for t in texts)   # the rest stays
    assert any("Lisbon" in t for t in texts)
    assert len(report.redacted) == 1 and report.remaining["unredacted"] == 0 and not any(report.remaining.values())


def test_outdate_and_restore_regenerate_the_profile(mem):
    lisbon = _fact(mem, "location")
    curate.set_fact_status(mem.store, "u", lisbon.id, active=False)
    assert "Lisbon" not in mem.profile("u").text
    curate.set_fact_status(mem.store, "u", lisbon.id, active=True)
    assert "Lisbon" in mem.profile("u").text


def test_redaction_rules():
    from graphmem.derived import MARK, redact, states, terms

    assert redact("My budget is 8123 for the new laptop.", ["8123"]) == f"My budget is {MARK} for the new laptop."
    assert redact("budget 81234", ["8123"]) == MARK                   # whole words only; else the whole text
    assert redact("我的预算改成八千了", ["8000"], "我的预算改成八千了") == MARK
    assert redact("I like dark themes and tea", terms({"value": "like", "entity": "dark themes"})) == \
        f"I like {MARK} and tea"
    assert terms({"value": "8000"}) == ["8000", "8,000"] and states("about 8,000", ["8000", "8,000"])
