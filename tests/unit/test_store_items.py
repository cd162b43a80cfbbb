"""Store items as memories: text, ids, namespace matching and filters (pure; no database)."""

from collections import namedtuple

import pytest

from graphmem.errors import InputError
from graphmem.store_items import (item_text, matches_filter, matches_namespace, namespaces, session_id, turn_id,
                                  value_json)

Cond = namedtuple("Cond", "match_type path")


def test_item_text_prefers_text_fields_then_pairs():
    assert item_text({"text": "I am vegetarian.", "tags": ["diet"]}) == "I am vegetarian."
    assert item_text({"content": "Lives in Oslo"}) == "Lives in Oslo"
    assert item_text({"food": "ramen", "stars": 5}) == "food: ramen; stars: 5"
    assert item_text({"x": 1}, ["first", " ", "second"]) == "first\nsecond"


def test_values_are_canonical_json_and_ids_deterministic():
    assert value_json({"b": 1, "a": "é"}) == '{"a": "é", "b": 1}'
    with pytest.raises(InputError, match="mapping"):
        value_json(["not", "a", "dict"])
    with pytest.raises(InputError, match="JSON"):
        value_json({"x": object()})
    ns = ("alice", "planner", "private")
    assert session_id(ns) == "langgraph/planner/private" and session_id(("alice",)) == "langgraph"
    a = turn_id(ns, "diet", value_json({"text": "veg"}))
    assert a == turn_id(ns, "diet", value_json({"text": "veg"}))
    assert len({a, turn_id(ns, "diet", value_json({"text": "vegan"})), turn_id(ns, "diet2", value_json({"text": "veg"})),
                turn_id(("alice", "planner"), "diet", value_json({"text": "veg"}))}) == 4


def test_namespace_matching_with_wildcards():
    ns = ("alice", "planner", "private")
    assert matches_namespace(ns, ("alice",), "prefix") and matches_namespace(ns, ("*", "planner"), "prefix")
    assert not matches_namespace(ns, ("bob",), "prefix")
    assert matches_namespace(ns, ("private",), "suffix") and matches_namespace(ns, ("planner", "*"), "suffix")
    assert not matches_namespace(("alice",), ("alice", "planner"), "prefix")
    found = [("a", "b", "c"), ("a", "b", "d", "e"), ("a", "b", "d", "i"), ("a", "b", "f"), ("a", "c", "f")]
    assert namespaces(found, [Cond("prefix", ("a", "b"))], 3, 100, 0) == [("a", "b", "c"), ("a", "b", "d"),
                                                                          ("a", "b", "f")]
    assert namespaces(found, [Cond("suffix", ("f",))], None, 1, 1) == [("a", "c", "f")]


def test_filters_follow_langgraph_semantics():
    v = {"kind": "diet", "stars": 4, "meta": {"src": "chat"}}
    assert matches_filter(v, {"kind": "diet"}) and not matches_filter(v, {"kind": "pets"})
    assert matches_filter(v, {"stars": {"$gte": 4, "$lt": 5}}) and not matches_filter(v, {"stars": {"$gt": 4}})
    assert matches_filter(v, {"meta": {"src": "chat"}}) and matches_filter(v, {"kind": {"$ne": "pets"}})
    assert not matches_filter(v, {"missing": {"$gt": 1}})
    with pytest.raises(InputError, match="operator"):
        matches_filter(v, {"stars": {"$in": [4]}})
