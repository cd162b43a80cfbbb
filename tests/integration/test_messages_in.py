"""Memory.add_messages on the real server, with real extraction and the real embedder: OpenAI-shaped batches,
named participants, skipped system/tool messages, re-sent batches stored once, bad batches refused whole."""

from __future__ import annotations

from datetime import datetime, timezone

import pytest

from graphmem import Memory
from graphmem.embedders import get_embedder
from graphmem.errors import InputError
from graphmem.write import events, history

AT = datetime(2026, 3, 5, 9, 0, tzinfo=timezone.utc)
CHAT = [
    {"role": "system", "content": "You are a travel assistant."},
    {"role": "user", "content": "I am allergic to shellfish."},
    {"role": "assistant", "content": "I recommend Casa Verde, a vegetarian restaurant near the station."},
    {"role": "user", "name": "Melanie", "content": "I am allergic to nuts."},
    {"role": "tool", "content": "{\"restaurants\": 12}", "tool_call_id": "call_1"},
]


@pytest.fixture(scope="module")
def embedder(settings):
    return get_embedder(settings)


@pytest.fixture
def memory(store, tenant_settings, embedder, tmp_path):
    m = Memory(tenant_settings, store=store, embedder=embedder, journal_path=tmp_path / "journal.sqlite3")
    yield m
    m.close(timeout=60)


def _turns(store, tenant, user):
    return [e for e in events(store, user, tenant=tenant) if e["source_id"] is None]   # turns, not derived events


def test_a_batch_stores_each_speaker_as_theirs(memory, store, tenant):
    ids = memory.add_messages("u1", CHAT, session_id="s1", at=AT)
    assert ids[0] is None and ids[4] is None and all(ids[1:4]) and len(set(ids[1:4])) == 3
    assert memory.flush(120)
    turns = {e["id"]: e for e in _turns(store, tenant, "u1")}
    assert set(turns) == set(ids[1:4])
    assert (turns[ids[1]]["role"], turns[ids[1]]["speaker"]) == ("user", None)
    assert (turns[ids[3]]["role"], turns[ids[3]]["speaker"]) == ("participant", "Melanie")
    assert turns[ids[1]]["occurred_at"] < turns[ids[2]]["occurred_at"] < turns[ids[3]]["occurred_at"]
    assert all("travel assistant" not in e["text"] and "restaurants\"" not in e["text"] for e in turns.values())
    mine = [v.value for v in history(store, "u1", "me", tenant=tenant) if v.key == "allergy"]
    hers = [v.value for v in history(store, "u1", "Melanie", tenant=tenant) if v.key == "allergy"]
    assert mine == ["shellfish"] and hers == ["nuts"]


def test_resending_the_history_stores_only_the_new_message(memory, store, tenant):
    first = memory.add_messages("u2", CHAT, session_id="s1", at=AT)
    assert memory.flush(120)
    n = len(_turns(store, tenant, "u2"))
    grown = CHAT + [{"role": "user", "content": "We are flying to Lisbon on May 3rd."}]
    second = memory.add_messages("u2", grown, session_id="s1")
    assert second[:5] == first                       # the same messages, the same event ids
    assert memory.flush(120)
    after = _turns(store, tenant, "u2")
    assert len(after) == n + 1 and any("Lisbon" in e["text"] for e in after)
    assert memory.writer.stats().duplicates_skipped >= 3


def test_a_bad_message_refuses_the_whole_batch(memory, store, tenant):
    bad = [{"role": "user", "content": "I moved to Oslo last month."}, {"role": "user", "content": ""}]
    with pytest.raises(InputError, match=r"messages\[1\]: 'content' is empty"):
        memory.add_messages("u3", bad, session_id="s1", at=AT)
    with pytest.raises(InputError, match="user_id"):
        memory.add_messages(" u3", bad[:1], session_id="s1", at=AT)
    assert memory.flush(60)
    assert _turns(store, tenant, "u3") == []


def test_an_open_session_sees_the_messages_once(memory):
    s = memory.session("u4", "chat")
    memory.add_messages("u4", CHAT[:3], session_id="chat", at=AT)
    memory.add_messages("u4", CHAT[:4], session_id="chat", at=AT)
    assert [(m.role, m.text) for m in s.messages] == [
        ("user", "I am allergic to shellfish."),
        ("assistant", "I recommend Casa Verde, a vegetarian restaurant near the station."),
        ("user", "Melanie: I am allergic to nuts.")]
    ctx = s.context("what can't I eat?", budget=1500)
    assert "shellfish" in ctx.text
