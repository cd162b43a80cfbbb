"""Attribute cardinality on the real server, from plain sentences (issue 17, item 3): a multi-valued key
(allergies) adds values and only a removal outdates one; a single-valued key (budget) supersedes."""

from __future__ import annotations

from datetime import datetime, timedelta, timezone

import pytest

from graphmem.memory import Memory
from graphmem.write import history

T0 = datetime(2026, 3, 2, 10, 0, tzinfo=timezone.utc)


@pytest.fixture
def memory(store, tenant_settings, embedder, tmp_path):
    m = Memory(tenant_settings, store=store, embedder=embedder, journal_path=tmp_path / "journal.sqlite3",
               clock=lambda: T0 + timedelta(days=30))
    yield m
    m.close(timeout=60)


def say(memory, user: str, texts: list[str]) -> None:
    for i, text in enumerate(texts):
        memory.add(user, "s1", i + 1, text, at=T0 + timedelta(minutes=i))
    assert memory.flush(120)


def allergies(store, tenant, user):
    return {(v.value, v.status, v.polarity or 0) for v in history(store, user, "me", "allergy", tenant=tenant)}


def test_allergies_add_up_across_languages(memory, store, tenant):
    say(memory, "u1", ["I'm allergic to peanuts.", "Oh and I'm also allergic to shellfish.", "我对花生过敏"])
    assert allergies(store, tenant, "u1") == {("peanuts", "active", 0), ("shellfish", "active", 0),
                                              ("花生", "active", 0)}
    texts = " ".join(r.text for r in memory.recall("u1", "What am I allergic to?", k=5))
    assert "peanuts" in texts and "shellfish" in texts


def test_a_removal_outdates_only_that_value(memory, store, tenant):
    say(memory, "u2", ["I'm allergic to peanuts.", "I'm also allergic to shellfish.",
                       "good news: I'm not allergic to peanuts any more"])
    got = allergies(store, tenant, "u2")
    assert ("peanuts", "outdated", 0) in got and ("shellfish", "active", 0) in got
    assert ("peanuts", "active", -1) in got          # the removal is a version of its own: "no longer peanuts"
    assert not any(v == "peanuts" and s == "active" and p >= 0 for v, s, p in got)
    top = memory.recall("u2", "What am I allergic to?", k=5)
    assert any("shellfish" in r.text for r in top)
    assert not any("peanuts" in r.text and "no longer" not in r.text and "used to" not in r.text for r in top)


def test_budget_still_supersedes(memory, store, tenant):
    say(memory, "u3", ["My budget is 1000 dollars", "actually my budget is now 1300"])
    got = [(v.value, v.status) for v in history(store, "u3", "me", "budget", tenant=tenant)]
    assert got == [("1000", "outdated"), ("1300", "active")]


def _values(store, tenant, user, key):
    return {(v.value, v.status, v.polarity or 0) for v in history(store, user, "me", key, tenant=tenant)}


def test_a_removal_that_names_only_the_value_outdates_it_under_its_key(memory, store, tenant):
    say(memory, "u4", ["We have two cats, Miso and Tofu, and a beagle named Biscuit.",
                       "Sadly we had to rehome Biscuit last week, my son turned out to be allergic to dogs.",
                       "I just cancelled Disney+, the kids lost interest"])   # never said to be held: nothing
    pets = _values(store, tenant, "u4", "pet")
    assert ("Biscuit", "outdated", 0) in pets and ("Biscuit", "active", -1) in pets
    assert {("Miso", "active", 0), ("Tofu", "active", 0)} <= pets      # the other values of the key stay
    assert not _values(store, tenant, "u4", "note") and not _values(store, tenant, "u4", "")


def test_a_chinese_removal_across_batches(memory, store, tenant):
    say(memory, "u5", ["还养了一只仓鼠叫团子", "我还养了一只猫叫咪咪"])
    memory.add("u5", "s2", 1, "团子上周死了…好难过", at=T0 + timedelta(days=2))   # a later session, a later batch
    assert memory.flush(120)
    pets = _values(store, tenant, "u5", "pet")
    assert ("团子", "outdated", 0) in pets and ("咪咪", "active", 0) in pets
