"""Attribute cardinality (issue 17, item 3): the key registry, the slots it gives, the planner's explicit
change of a multi-valued key, and removals/additions read from plain sentences."""

from __future__ import annotations

from datetime import datetime

from graphmem.cardinality import cardinality, is_multi
from graphmem.linking.api import extract_statements
from graphmem.write.values import slot_id as _slot_id
from graphmem.write.versioning import CHANGE, NEW, Planner, Version

NOW = datetime(2026, 3, 2, 10, 0)


def test_registry_single_multi_and_unknown():
    assert cardinality("budget") == "single" and cardinality("location") == "single"
    assert cardinality("employer") == "single" and cardinality("age") == "single"
    assert is_multi("allergy") and is_multi("pet") and is_multi("language") and is_multi("goal")
    assert is_multi("favourite_band")          # unknown keys add until a change is explicit
    assert cardinality(" Budget ") == "single"


def test_slots_per_value_for_multi_valued_keys():
    assert _slot_id("e1", "budget", "5000") == ("e1", "budget")
    assert _slot_id("e1", "allergy", "Peanuts") != _slot_id("e1", "allergy", "shellfish")
    assert _slot_id("e1", "allergy", "Peanuts") == _slot_id("e1", "allergy", "peanuts")
    assert _slot_id("e1", "preference", "like") == ("e1", "preference")


def test_an_addition_never_outdates_and_a_removal_outdates_its_value():
    p = Planner({("me", "allergy", "peanuts", "user"): Version("f1", "peanuts", 0, 1)})
    d = p.plan(("me", "allergy", "shellfish", "user"), "shellfish", 0, "f2")
    assert d.action == NEW and d.supersedes is None
    d = p.plan(("me", "allergy", "peanuts", "user"), "peanuts", -1, "f3")
    assert d.action == CHANGE and d.supersedes == "f1"
    assert p.active[("me", "allergy", "shellfish", "user")].id == "f2"


def test_explicit_change_outdates_the_other_values_in_covered_scopes():
    p = Planner({("me", "pet", "rex", "user"): Version("f1", "Rex", 0, 1),
                 ("me", "pet", "tom", "agent:a"): Version("f2", "Tom", 0, 1),
                 ("me", "pet", "old", "user"): Version("f0", "Old", -1, 2)})
    slot = ("me", "pet", "mia")
    p.plan(slot + ("user",), "Mia", 0, "f3")
    assert p.outdate_others(slot, lambda scope: scope == "user") == ["f1"]
    assert ("me", "pet", "tom", "agent:a") in p.active and ("me", "pet", "old", "user") in p.active


def test_removal_and_addition_cues_in_sentences():
    def facts(text):
        return [(s.key, s.value, s.polarity, s.is_change) for s in extract_statements(text, NOW)
                if s.kind == "attribute"]
    assert facts("I'm allergic to peanuts.") == [("allergy", "peanuts", 0, False)]
    assert facts("Oh and I'm also allergic to shellfish.") == [("allergy", "shellfish", 0, False)]
    assert facts("good news: I'm not allergic to peanuts any more") == [("allergy", "peanuts", -1, True)]
    assert facts("我不再对花生过敏了") == [("allergy", "花生", -1, True)]
    assert facts("actually my budget is now 1300") == [("budget", 1300, 0, True)]
