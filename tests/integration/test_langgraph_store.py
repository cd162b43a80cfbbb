"""GraphmemStore with the real langgraph package against the real Neo4j (real extraction and embedder): items are
memories of their user; versions, recall-backed search, verified delete, namespaces, and a compiled graph using it."""

from __future__ import annotations

import asyncio
import time
from typing import TypedDict

import pytest
from langgraph.graph import END, START, StateGraph
from langgraph.store.base import BaseStore, InvalidNamespaceError

from graphmem import Memory
from graphmem.embedders import get_embedder
from graphmem.langgraph_store import GraphmemStore
from graphmem.write import history

PLANNER = ("alice", "planner", "private")
COACH = ("alice", "coach", "shared")


@pytest.fixture(scope="module")
def embedder(settings):
    return get_embedder(settings)


@pytest.fixture
def memory(store, tenant_settings, embedder, tmp_path):
    m = Memory(tenant_settings, embedder=embedder, journal_path=tmp_path / "journal.sqlite3")   # its own store
    yield m
    m.close(timeout=60)


@pytest.fixture
def lg(memory):
    return GraphmemStore(memory)


def test_put_get_versions_and_the_item_is_a_memory(lg, memory, store, tenant):
    assert isinstance(lg, BaseStore)
    lg.put(PLANNER, "allergy", {"text": "I am allergic to peanuts.", "source": "intake form"})
    first = lg.get(PLANNER, "allergy")
    assert first.value == {"text": "I am allergic to peanuts.", "source": "intake form"}
    assert first.namespace == PLANNER and first.key == "allergy"
    assert [v.value for v in history(store, "alice", "me", tenant=tenant) if v.key == "allergy"] == ["peanuts"]
    assert "peanuts" in memory.recall("alice", "what am I allergic to?", 3)[0].text
    time.sleep(0.01)
    lg.put(PLANNER, "allergy", {"text": "I am allergic to shellfish, not peanuts.", "source": "doctor"})
    second = lg.get(PLANNER, "allergy")
    assert second.value["source"] == "doctor"
    assert second.created_at == first.created_at and second.updated_at > first.updated_at
    lg.put(PLANNER, "allergy", {"text": "I am allergic to shellfish, not peanuts.", "source": "doctor"})   # same again
    assert lg.get(PLANNER, "allergy").updated_at >= second.updated_at
    assert lg.get(PLANNER, "nothing") is None and lg.get(("bob", "planner", "private"), "allergy") is None
    lg.put(PLANNER, "hello", {"text": "ok thanks"})          # small talk the write gate drops is kept as an item
    assert lg.get(PLANNER, "hello").value == {"text": "ok thanks"}


def test_an_agents_private_item_is_not_another_agents_memory(lg, memory):
    lg.put(PLANNER, "diet", {"text": "I am vegetarian since March."})
    lg.put(COACH, "sport", {"text": "I run 10 km every Sunday morning."})
    question = "what do I eat and what sport do I do?"
    seen = {who: " ".join(m.text for m in memory.agent(who).recall("alice", question, 10))
            for who in ("planner", "coach")}
    assert "vegetarian" in seen["planner"] and "vegetarian" not in seen["coach"]   # the planner's private note
    assert "10 km" in seen["planner"] and "10 km" in seen["coach"]                 # shared by the coach
    assert [i.key for i in lg.search(("alice",), query="vegetarian")][:1] == ["diet"]   # the owner's store sees all


def test_search_uses_recall_within_the_prefix(lg):
    lg.put(PLANNER, "diet", {"text": "I have been vegetarian since March.", "kind": "diet"})
    lg.put(PLANNER, "car", {"text": "I drive a blue Volvo XC40.", "kind": "vehicle"})
    lg.put(COACH, "running", {"text": "I run 10 km every Sunday morning.", "kind": "sport"})
    lg.put(("bob", "planner", "private"), "diet", {"text": "I am vegan and eat a lot of tofu.", "kind": "diet"})

    hits = lg.search(("alice",), query="what do I eat?", limit=3)
    assert hits[0].key == "diet" and hits[0].namespace == PLANNER and hits[0].score is not None
    assert all(h.namespace[0] == "alice" for h in hits)                       # never bob's
    sport = lg.search(("alice", "coach"), query="what car do I drive?")
    assert [h.key for h in sport] in ([], ["running"])                        # only the coach's items
    assert [h.key for h in lg.search(("alice",), query="which car?", filter={"kind": "vehicle"})] == ["car"]
    newest = lg.search(("alice", "planner"))                                   # no query: newest first
    assert [h.key for h in newest] == ["car", "diet"]
    assert [h.key for h in lg.search(("alice", "planner"), limit=1, offset=1)] == ["diet"]
    with pytest.raises(InvalidNamespaceError):
        lg.search((), query="anything")
    with pytest.raises(InvalidNamespaceError):
        lg.put((" alice",), "k", {"text": "x"})


def test_delete_is_a_verified_forget_of_every_version(lg, memory):
    lg.put(PLANNER, "city", {"text": "I live in Berlin."})
    lg.put(PLANNER, "city", {"text": "I moved to Lisbon last month."})
    lg.put(PLANNER, "pet", {"text": "I have a cat called Miso."})
    assert any("Lisbon" in r.text for r in memory.recall("alice", "where do I live?", 5))
    lg.delete(PLANNER, "city")
    assert lg.get(PLANNER, "city") is None and lg.get(PLANNER, "pet") is not None
    memory.flush(60)
    left = " ".join(r.source_text for r in memory.recall("alice", "where do I live? Berlin Lisbon", 10))
    assert "Lisbon" not in left and "Berlin" not in left


def test_list_namespaces(lg):
    lg.put(PLANNER, "a", {"text": "I like jazz."})
    lg.put(COACH, "b", {"text": "I swim on Fridays."})
    lg.put(("alice", "coach", "shared", "goals"), "c", {"text": "I want to run a marathon."})
    assert lg.list_namespaces(prefix=("alice",)) == [COACH, ("alice", "coach", "shared", "goals"), PLANNER]
    assert lg.list_namespaces(prefix=("alice", "coach"), max_depth=3) == [COACH]
    assert lg.list_namespaces(suffix=("private",)) == [PLANNER]


def test_a_compiled_graph_reads_and_writes_through_it(lg):
    class State(TypedDict):
        user: str
        message: str
        recalled: list[str]

    def remember(state: State, *, store: BaseStore) -> dict:
        store.put((state["user"], "assistant", "private"), "msg-1", {"text": state["message"]})
        return {}

    def look_up(state: State, *, store: BaseStore) -> dict:
        found = store.search((state["user"],), query="where am I travelling?", limit=2)
        return {"recalled": [h.value["text"] for h in found]}

    graph = StateGraph(State)
    graph.add_node("remember", remember)
    graph.add_node("look_up", look_up)
    graph.add_edge(START, "remember")
    graph.add_edge("remember", "look_up")
    graph.add_edge("look_up", END)
    app = graph.compile(store=lg)
    out = app.invoke({"user": "carol", "message": "I am flying to Tokyo on May 3rd.", "recalled": []})
    assert out["recalled"] == ["I am flying to Tokyo on May 3rd."]

    async def go():
        await lg.aput(("carol", "assistant", "private"), "msg-2", {"text": "My hotel is the Park Hyatt."})
        return await lg.asearch(("carol",), query="which hotel?", limit=1), await lg.aget(
            ("carol", "assistant", "private"), "msg-2")

    found, item = asyncio.run(go())
    assert found[0].key == "msg-2" and item.value["text"] == "My hotel is the Park Hyatt."
