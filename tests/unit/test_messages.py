"""Messages in the OpenAI shape → write-path turns (pure; no database)."""

from datetime import datetime, timedelta, timezone

import pytest

from graphmem.errors import InputError
from graphmem.messages import parse, times

CHAT = [
    {"role": "system", "content": "You are a helpful assistant."},
    {"role": "user", "content": "My budget is 8000 now."},
    {"role": "assistant", "content": "Noted: 8000."},
    {"role": "user", "name": "Melanie", "content": "I am allergic to nuts."},
    {"role": "tool", "content": "{\"hits\": 3}", "tool_call_id": "c1"},
]


def test_roles_speakers_and_skipped_messages():
    turns = parse(CHAT)
    assert turns[0] is None and turns[4] is None
    assert [(t.index, t.role, t.speaker, t.text) for t in turns if t] == [
        (1, "user", None, "My budget is 8000 now."),
        (2, "assistant", None, "Noted: 8000."),
        (3, "participant", "Melanie", "I am allergic to nuts.")]


def test_turn_ids_are_deterministic_and_survive_a_growing_history():
    first = [t.turn_id for t in parse(CHAT[:3]) if t]
    again = [t.turn_id for t in parse(CHAT) if t]
    assert again[:2] == first                       # the same messages re-sent with more after them
    assert len(set(again)) == 3


def test_identical_messages_in_one_batch_get_distinct_ids_and_roles_or_names_differ():
    same = [{"role": "user", "content": "yes"}] * 2 + [{"role": "assistant", "content": "yes"},
                                                       {"role": "user", "name": "Bo", "content": "yes"}]
    ids = [t.turn_id for t in parse(same)]
    assert len(set(ids)) == 4


def test_a_message_id_is_used_when_given():
    t, = parse([{"role": "user", "content": "hi there, I moved to Oslo", "id": "msg_42"}])
    assert t.turn_id == "m.id.msg_42"
    long, = parse([{"role": "user", "content": "x y z", "id": "a" * 250}])
    assert long.turn_id.startswith("m.id.") and len(long.turn_id) < 100


def test_text_content_parts_are_joined():
    t, = parse([{"role": "user", "content": [{"type": "text", "text": "I live in"},
                                              {"type": "image_url", "image_url": {"url": "x"}},
                                              {"type": "text", "text": "Berlin."}]}])
    assert t.text == "I live in\nBerlin."


def test_assistant_tool_call_without_content_is_skipped():
    assert parse([{"role": "assistant", "content": None, "tool_calls": [{"id": "c1"}]}]) == [None]


@pytest.mark.parametrize("batch, needle", [
    ("hello", "must be a list"),
    ({"role": "user", "content": "x"}, "must be a list"),
    ([{"role": "user", "content": "ok"}, "text"], r"messages\[1\] must be an object"),
    ([{"role": "human", "content": "x"}], r"messages\[0\]: 'role' must be one of"),
    ([{"role": "user"}], r"messages\[0\]: 'content' is missing"),
    ([{"role": "user", "content": "ok"}, {"role": "user", "content": "   "}], r"messages\[1\]: 'content' is empty"),
    ([{"role": "user", "content": 5}], r"messages\[0\]: 'content' must be a string"),
    ([{"role": "user", "content": "x", "name": "a\nb"}], r"messages\[0\]: speaker must not contain control"),
    ([{"role": "user", "content": "x", "name": 7}], r"messages\[0\]: speaker must be a string"),
    ([{"role": "user", "content": "x" * 32_001}], r"messages\[0\]: 'content' has 32001 characters; the limit is 32000"),
    ([{"role": "user", "content": "x"}] * 1001, "the limit is 1000"),
])
def test_bad_batches_name_the_bad_message(batch, needle):
    with pytest.raises(InputError, match=needle):
        parse(batch)


def test_times_keep_order_and_accept_iso_strings():
    base = datetime(2026, 3, 5, 9, 30, tzinfo=timezone.utc)
    assert times("2026-03-05T09:30:00+00:00", 3) == [base, base + timedelta(milliseconds=1),
                                                     base + timedelta(milliseconds=2)]
    assert times(datetime(2026, 3, 5, 9, 30), 1) == [base]
    with pytest.raises(InputError, match="ISO 8601"):
        times("last tuesday", 1)
    with pytest.raises(InputError, match="datetime or an ISO 8601"):
        times(12, 1)
