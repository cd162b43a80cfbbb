from datetime import datetime, timezone

from graphmem.model import FactInput
from graphmem.write.journal import Entry
from graphmem.write.pipeline import (Prepared, _edge, _turn_no, _polarity, _slot_id, _slot_key, _stored_value, _wire,
                                     fact_from_json, fact_to_json)

AT = datetime(2026, 3, 1, 12, 30, tzinfo=timezone.utc)


def test_slot_keys_and_values():
    like = FactInput("preference", "sushi", polarity=1)
    dislike = FactInput("preference", "sushi", polarity=-1)
    assert (_slot_key(like), _stored_value(like), _polarity(like)) == ("preference", "like", 1)
    assert (_stored_value(dislike), _polarity(dislike)) == ("dislike", -1)
    goal = FactInput("goal", "", value="learn Spanish")
    assert (_slot_key(goal), _stored_value(goal), _polarity(goal)) == ("goal", "learn Spanish", 1)
    assert _stored_value(FactInput("goal", "a new phone")) == "want"
    budget = FactInput("attribute", "", "budget", 8000.0, unit="dollars")
    assert (_slot_key(budget), _stored_value(budget)) == ("budget", "8000")      # the unit is kept apart
    assert _slot_key(FactInput("attribute", "x", "", "y")) == "note"


def test_goal_slots_are_per_goal_other_slots_per_key():
    assert _slot_id("e1", "goal", "Learn  Spanish") == _slot_id("e1", "goal", "learn spanish")
    assert _slot_id("e1", "goal", "learn spanish") != _slot_id("e1", "goal", "learn guitar")
    assert _slot_id("e1", "budget", "5000") == _slot_id("e1", "budget", "8000")


def test_preference_edges():
    assert _edge("preference", 1) == "PREFERS" and _edge("preference", -1) == "DISLIKES"
    assert _edge("goal", 1) == "WANTS" and _edge("goal", -1) is None and _edge("attribute", 1) is None


def test_wire_turns_datetimes_into_iso_strings():
    rows = _wire([{"at": AT, "props": {"valid_from": AT, "n": 1}, "x": None}])
    assert rows == [{"at": "2026-03-01T12:30:00+00:00", "props": {"valid_from": "2026-03-01T12:30:00+00:00", "n": 1},
                     "x": None}]


def test_payload_round_trip():
    f = FactInput("attribute", "my laptop", "model", "ThinkPad X1", when=AT, language="en")
    assert fact_from_json(fact_to_json(f)) == f
    p = {"tenant": "t", "user_id": "u", "session_id": "s", "turn_id": "3", "text": "hi", "role": "user",
         "at": AT.isoformat(), "facts": [fact_to_json(f)], "submitted": 1.0}
    t = Prepared.from_payload(Entry(1, "k", p, 0).key, p)
    assert t.at == AT and t.facts == [f] and t.event_id.startswith("ev_")


def test_a_short_chinese_mention_inside_a_long_subject_is_a_minor_part():
    from graphmem.write.pipeline import _minor_part
    assert _minor_part("东西", "太甜的东西")
    assert not _minor_part("北欧风", "北欧风格")
    assert not _minor_part("thinkpad", "thinkpad x1 carbon")


def test_turn_numbers_for_the_slot_table_come_from_the_turn_id_not_a_hash():
    """MemorySession's ids ("12.f00d", "12a.f00d") carry the turn number; before, they were hashed, so which
    entity counted as the session's latest was random (the same conversation linked "the trip" differently)."""
    from graphmem.linking.api import SlotTable

    slots = SlotTable()
    assert _turn_no("12.f00d1e", slots) == 12 and _turn_no("12a.f00d1e", slots) == 12 and _turn_no("7", slots) == 7
    slots.mention("e1", "Year 6", "trip", 5)
    assert _turn_no("no-number", slots) == 6     # an id without a number is the session's latest turn
    assert _turn_no("7c9e6679-7425-40de", slots) == 6    # ... and so is a uuid that starts with a digit
