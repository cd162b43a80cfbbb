"""A crafted import in one tenant cannot hurt another (issue 19, item 8). Ids are predictable hashes of
(tenant, user, session, turn, ...), so an attacker in tenant A can import nodes that carry a victim's *next*
ids in tenant B. Before: the victim's next turn was skipped as "already stored" (the lookup ignored the tenant)
and its forget reported traces left (another tenant's node with the same id). Real Neo4j, real write path."""

from __future__ import annotations

import uuid

import pytest

from graphmem import curate
from graphmem.errors import InputError
from graphmem.model import FactInput
from graphmem.store import Store
from graphmem.write import ids

LAPTOP = "Lenovo ThinkPad X1"


@pytest.fixture
def attacker(store, settings):
    tenant = f"t-{uuid.uuid4().hex[:12]}"
    s = Store(settings.with_(tenant=tenant))
    yield s
    store.run_auto("admin/delete_tenant", {"tenant": tenant})
    s.close()


def _node(label: str, node_id: str, tenant: str, **props) -> dict:
    return {"key": node_id, "labels": [label],
            "props": {"id": node_id, "tenant": tenant, "user_id": "mallory", "name": node_id, **props}}


def crafted(victim_tenant: str, tenant: str) -> dict:
    """mallory's export, holding the ids victim's first turn will get in victim_tenant."""
    at = {"$datetime": "2026-03-01T09:00:00+00:00"}
    ev = ids.event_id(victim_tenant, "victim", "s1", 1)
    en = ids.entity_id(victim_tenant, "victim", LAPTOP)
    nodes = [{"key": "user", "labels": ["User"], "props": {"tenant": tenant, "user_id": "mallory", "name": "mallory"}},
             _node("Session", ids.session_key(victim_tenant, "victim", "s1"), tenant, session_id="s1"),
             _node("Event", ev, tenant, session_id="s1", turn_id="1", text="planted", occurred_at=at, status="active"),
             _node("Entity", en, tenant, name=LAPTOP),
             _node("Card", ids.card_id(en), tenant, entity_id=en),
             _node("Fact", ids.fact_id(victim_tenant, "victim", "s1", 1, 0), tenant, entity_id=en, event_id=ev,
                   key="type", value="planted", status="active", valid_from=at),
             _node("Profile", ids.profile_id(victim_tenant, "victim"), tenant, text="planted")]
    rels = [{"start": "user", "type": "OWNS", "end": en, "props": {}},
            {"start": en, "type": "HAS_CARD", "end": ids.card_id(en), "props": {}},
            {"start": ids.card_id(en), "type": "HAS_FACT", "end": nodes[5]["key"], "props": {}},
            {"start": nodes[5]["key"], "type": "DERIVED_FROM", "end": ev, "props": {}}]
    return {"format": curate.EXPORT_FORMAT, "tenant": tenant, "user_id": "mallory", "nodes": nodes,
            "relationships": rels}


def test_an_import_with_a_victims_next_ids_does_not_touch_the_victim(attacker, tenant_settings, make_writer):
    victim = Store(tenant_settings)
    curate.import_(attacker, crafted(tenant_settings.tenant, attacker.settings.tenant))
    w = make_writer()
    ev = w.add("victim", "s1", 1, "My laptop is a Lenovo ThinkPad X1.",
               facts=[FactInput("attribute", LAPTOP, "type", "laptop", subject_type="laptop")])
    assert w.flush(120) and w.failed() == []
    events = curate.events(victim, "victim")
    assert [e["id"] for e in events] == [ev]                        # 746d7f7: skipped as already stored
    assert LAPTOP in [e["name"] for e in curate.entities(victim, "victim")]
    report = curate.forget(victim, "victim", event=ev)             # 746d7f7: "left traces behind"
    assert not any(report.remaining.values())
    assert len(curate.export(attacker, "mallory")["nodes"]) == 7    # mallory's own import is intact


def test_import_rekeys_ids_made_for_someone_else_and_keeps_exports_exact(attacker, tenant_settings):
    counts = curate.import_(attacker, crafted(tenant_settings.tenant, attacker.settings.tenant))
    assert counts["rekeyed"] == 6                                  # every id but the user's
    data = curate.export(attacker, "mallory")
    keys = {n["key"] for n in data["nodes"]}
    assert ids.event_id(tenant_settings.tenant, "victim", "s1", 1) not in keys
    fact = next(n for n in data["nodes"] if "Fact" in n["labels"])
    event = next(n for n in data["nodes"] if "Event" in n["labels"])
    assert fact["props"]["event_id"] == event["key"]               # references follow the new ids
    curate.forget(attacker, "mallory", everything=True)
    again = curate.import_(attacker, data)                         # its own export: bound ids, nothing re-keyed
    assert "rekeyed" not in again and curate.export(attacker, "mallory") == data


def test_import_refuses_ids_another_owner_holds(attacker, store, tenant_settings):
    data = crafted(attacker.settings.tenant, attacker.settings.tenant)   # ids made for... "victim" of A
    data = {**data, "user_id": "victim", "nodes": [{**n, "props": {**n["props"], "user_id": "victim"}}
                                                   for n in data["nodes"]]}
    clash = next(n for n in data["nodes"] if "Profile" in n["labels"])
    store.run("transfer/import_nodes", {"rows": [{"key": clash["key"], "labels": ["Profile"], "props": {
        "id": clash["key"], "tenant": tenant_settings.tenant, "user_id": "someone"}}]}, write=True)
    with pytest.raises(InputError, match="another owner"):
        curate.import_(attacker, data)
