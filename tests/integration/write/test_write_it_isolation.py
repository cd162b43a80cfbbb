"""Every write and read is scoped by (tenant, user): two users' "my laptop" are two nodes."""

from __future__ import annotations

import pytest

from graphmem.errors import NotFound
from graphmem.model import FactInput
from graphmem.write import card, find_entities, history


def test_two_users_my_laptop_are_two_nodes(writer, store, tenant):
    writer.add("alice", "s1", 1, "my laptop is black", facts=[FactInput("attribute", "my laptop", "color", "black")])
    writer.add("bob", "s1", 1, "my laptop is silver", facts=[FactInput("attribute", "my laptop", "color", "silver")])
    assert writer.flush(60)
    a = find_entities(store, "alice", "my laptop", tenant=tenant)
    b = find_entities(store, "bob", "my laptop", tenant=tenant)
    assert len(a) == 1 and len(b) == 1 and a[0]["id"] != b[0]["id"]
    assert [f.value for f in card(store, "alice", "my laptop", tenant=tenant).facts] == ["black"]
    assert [f.value for f in card(store, "bob", "my laptop", tenant=tenant).facts] == ["silver"]
    # bob's version history never shows alice's value
    assert [v.value for v in history(store, "bob", "my laptop", "color", tenant=tenant)] == ["silver"]


def test_other_user_and_other_tenant_see_nothing(writer, store, tenant):
    writer.add("alice", "s1", 1, "my cat is called Mimi", facts=[FactInput("attribute", "my cat", "name", "Mimi")])
    assert writer.flush(60)
    with pytest.raises(NotFound):
        card(store, "bob", "my cat", tenant=tenant)
    with pytest.raises(NotFound):
        card(store, "alice", "my cat", tenant=tenant + "-other")
    assert find_entities(store, "alice", "my cat", tenant=tenant)[0]["name"] == "my cat"
