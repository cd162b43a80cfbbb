"""One user never sees another's memory — through any path, with identical texts, names and entities."""

from __future__ import annotations

import pytest

from graphmem.recall import PATHS, RecallConfig, Retriever
from graphmem.linking.slots import SlotTable

from .conftest import NOW
from .world import history

QUERIES = ["what is my budget?", "CA1831", "tell me about my sister", "what did I do yesterday?", "香菜",
           "what was my budget before?", "when is that proposal due?", "the noodle place on 5th street"]


@pytest.fixture
def two_users(write, store, tenant):
    write("alice", history("alice"))
    # bob says the very same things (same texts, same entity names) plus a secret
    write("bob", history("bob") + [("b9", 1, "My bank PIN is 4321 and my budget is 99999", None, [])])


def owner_of(store, ids):
    return {(r["tenant"], r["user_id"]) for r in store.run("recall/owners", {"ids": ids})}


@pytest.mark.parametrize("path", PATHS)
def test_no_path_returns_another_users_memory(store, tenant, tenant_settings, embedder, two_users, path):
    for mode in ("scan", "index"):
        r = Retriever(store, tenant_settings, embedder=embedder,
                      config=RecallConfig(vector_mode=mode), clock=lambda: NOW)
        bob_slots = SlotTable()
        for row in store.run("read/find_entities", {"tenant": tenant, "user_id": "bob", "name": "the marketing proposal"}):
            bob_slots.mention(row["id"], "the marketing proposal", "document", 1, "that proposal")
        for q in QUERIES:
            found = r.recall("alice", q, 10, paths=[path], slots=bob_slots)   # even bob's slot table
            assert all("4321" not in m.text and "99999" not in m.text for m in found)
            node_ids = [m.id for m in found if m.label != "relation"]
            if node_ids:
                assert owner_of(store, node_ids) == {(tenant, "alice")}, (path, mode, q)


def test_other_tenant_same_user_id_is_invisible(store, settings, embedder, write, tenant_settings):
    write("carol", [("s1", 1, "My favourite tea is oolong from Wuyi", None, [])])
    other = settings.with_(tenant=tenant_settings.tenant + "-other")
    r = Retriever(store, other, embedder=embedder, clock=lambda: NOW)
    assert r.recall("carol", "what tea do I like?", 5) == []
