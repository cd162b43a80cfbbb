"""The shared protocol's adapter (``bench.locomo_bench.GraphmemAdapter``) on the turn shapes of every loader the
protocol has, through the real Neo4j, spaCy and embedder: LongMemEval's ``user`` / ``assistant`` roles, MADial-Bench's
archive without speakers, LoCoMo's named people, and a turn ``Memory.add`` refuses."""

from __future__ import annotations

from dataclasses import dataclass

import pytest

from bench.locomo_bench import GraphmemAdapter, who
from graphmem import Memory
from graphmem.embedders import get_embedder


@dataclass
class Turn:   # the protocol's Turn: what the adapter reads of it
    dialog_id: str
    session_id: str
    speaker: str
    text: str
    timestamp: str | None


@dataclass
class Question:
    question: str
    time: str | None = None


@pytest.fixture
def memory(tenant_settings, settings, tmp_path):
    m = Memory(tenant_settings, embedder=get_embedder(settings), journal_path=tmp_path / "journal.sqlite3")
    yield m
    m.close(timeout=60)


def test_speakers_map_to_the_owner_the_assistant_or_a_participant():
    assert who("") == who(None) == who("  ") == who("user") == who("User") == {"role": "user"}
    assert who("assistant") == who("AI") == {"role": "assistant"}
    assert who("Melanie") == {"speaker": "Melanie"}


def test_roles_and_an_archive_without_speakers_are_the_owners_words(memory, tenant_settings):
    stats: dict = {}
    adapter = GraphmemAdapter(memory, tenant_settings.tenant, stats, time_contexts=False)
    adapter.ingest([
        Turn("s1_1", "s1", "user", "I adopted a grey cat named Pixel from the shelter in Leeds.", "2024-03-02T10:00:00"),
        Turn("s1_2", "s1", "assistant", "I recommend the Lakeside Clinic on Park Road for Pixel's vaccinations.",
             "2024-03-02T10:00:00"),
        Turn("7", "7", "", "Ran the Leeds half marathon in the rain and finished in 1:58.", "2023-10-08"),
        Turn("s1_3", "s1", "user", "", "2024-03-02T10:00:00"),   # refused by Memory.add: left out and counted
    ])
    assert stats["refused"] == 1
    cat = adapter.query("What is the name of my cat?", 5)
    assert cat and cat[0]["ids"] == ["s1_1"]
    assert "you" in cat[0]["text"].casefold().split(), cat[0]["text"]   # the owner's: second person, not "user said"
    race = adapter.query_question(Question("How did my half marathon go?", "2024-04-01T09:00:00"), 5)
    assert race and race[0]["ids"] == ["7"]
    assert "user" not in " ".join(r["text"] for r in cat + race).casefold().split()
    said = adapter.query("Which clinic did you recommend for Pixel's vaccinations?", 5)
    assert said and said[0]["ids"] == ["s1_2"]
    assert said[0]["text"].startswith("I suggested"), said[0]["text"]   # the assistant's words stay the assistant's


def test_a_question_with_its_own_time_is_asked_then(memory, tenant_settings):
    adapter = GraphmemAdapter(memory, tenant_settings.tenant, {}, time_contexts=False)
    adapter.ingest([Turn("a", "s", "user", "I started learning the cello with Ms Ortega.", "2024-01-10T18:00:00"),
                    Turn("b", "s", "user", "I switched to the viola last week.", "2024-06-20T18:00:00")])
    asked: list = []
    real = memory.recall
    memory.recall = lambda *a, **kw: asked.append(kw["now"]) or real(*a, **kw)
    try:
        adapter.query_question(Question("Which instrument do I play?", "2024-02-01T12:00:00"), 5)
        adapter.query_question(Question("Which instrument do I play?"), 5)
    finally:
        memory.recall = real
    assert asked[0].isoformat() == "2024-02-01T12:00:00+00:00"
    assert asked[1] == adapter.now and adapter.now.isoformat().startswith("2024-06-21")
