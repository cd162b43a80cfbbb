from datetime import datetime, timezone

from graphmem.model import FactInput
from graphmem.write.journal import Entry
from graphmem.write.codec import Prepared, fact_from_json, fact_to_json
from graphmem.write.entities import UserState, _of_speaker
from graphmem.write.rows import _caption, _referents, _wire
from graphmem.write.values import edge as _edge, polarity as _polarity, slot_id as _slot_id, slot_key as _slot_key, \
    stored_value as _stored_value

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
    from graphmem.write.entities import _minor_part
    assert _minor_part("东西", "太甜的东西")
    assert not _minor_part("北欧风", "北欧风格")
    assert not _minor_part("thinkpad", "thinkpad x1 carbon")


def test_turn_numbers_for_the_slot_table_count_the_sessions_turns_whatever_their_ids():
    """The slot table orders by turn number, and a pronoun reaches back two of them: each session counts its own
    turns as they are linked (ids such as "D1:3", "12p.f00d" or a uuid carry no usable number; before, a hash, then
    "one more than the latest slot", which made every earlier mention look one turn old)."""
    st = UserState("t", "u", None, {})
    assert [st.next_turn("s1") for _ in range(3)] == [1, 2, 3]
    assert st.next_turn("s2") == 1 and st.next_turn("s1") == 4
    for i in range(70):                       # a session whose slot table is dropped drops its count with it
        st.slots(f"x{i}")
    assert "s1" not in st.sessions and "s1" not in st.turns


def test_a_journal_record_without_role_or_speaker_is_the_users():
    old = {"tenant": "t", "user_id": "u", "session_id": "s", "turn_id": 3, "text": "hi", "at": AT.isoformat(),
           "facts": None}
    t = Prepared.from_payload("k", old)
    assert (t.role, t.speaker, t.participant, t.said_by) == ("user", None, None, ("user", ""))
    new = Prepared.from_payload("k", {**old, "role": "participant", "speaker": "Melanie"})
    assert (new.role, new.speaker, new.participant, new.said_by) == ("participant", "Melanie", "Melanie",
                                                                     ("participant", "Melanie"))
    # the owner may have a display name: still the user's own turn
    assert Prepared.from_payload("k", {**old, "role": "user", "speaker": "Alice"}).participant is None


def test_a_participants_possessive_is_named_after_them():
    assert _of_speaker("my sister", "Melanie") == "Melanie's sister"
    assert _of_speaker("Our  new house", "Melanie") == "Melanie's new house"
    assert _of_speaker("我妹妹", "小王") == "小王的妹妹" and _of_speaker("我的电脑", "小王") == "小王的电脑"
    for other in ("Lily", "the beach", "my", "我", "mycology"):
        assert _of_speaker(other, "Melanie") == other


def test_the_caption_says_who_spoke():
    assert _caption("I went  to a support group") == "I went to a support group"
    assert _caption("I went to a support group", "Melanie") == "Melanie: I went to a support group"
    long = _caption("word " * 40, "Melanie")
    assert long.startswith("Melanie: word") and len(long) == 60 and long.endswith("…")


def test_a_preference_that_names_its_thing_is_one_slot_per_thing():
    assert _slot_id("e1", "preference", "like") == _slot_id("e1", "preference", "dislike") == ("e1", "preference")
    assert _slot_id("mel", "preference", "Pottery") == ("mel", "preference", "pottery")
    assert _slot_id("mel", "preference", "pottery") != _slot_id("mel", "preference", "camping")


def test_referents_name_whom_a_pronoun_of_the_text_means_when_the_text_does_not_say():
    refs = {"he": "Callum", "she": "Maria", "他": "小王"}
    assert _referents(refs, "He's lending you his Wahoo") == ["he=Callum"]
    assert _referents(refs, "The theme was nice") == []               # "he" inside words is not the pronoun
    assert _referents(refs, "Callum said he would come") == []        # the text names him
    assert _referents(refs, "She and he: shed, then") == ["he=Callum", "she=Maria"]
    assert _referents(refs, "他明天来") == ["他=小王"]
    assert _referents({}, "he") == []
