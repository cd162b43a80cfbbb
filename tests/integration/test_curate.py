"""Curation on the real server: a user's graph written by the real write path, then curated."""

from datetime import datetime, timedelta, timezone

import pytest

from graphmem import curate
from graphmem.errors import InputError, NotFound
from graphmem.model import FactInput
from graphmem.store import Store
from graphmem.write import Writer, card, history

DAY = datetime(2026, 3, 1, 9, 0, tzinfo=timezone.utc)
TURNS = [  # facts given explicitly, so these tests do not depend on extraction quality
    ("My laptop is a Lenovo ThinkPad X1.", [FactInput("attribute", "Lenovo ThinkPad X1", "type", "laptop",
                                                      subject_type="laptop")]),
    ("My budget is 5000.", [FactInput("attribute", "", "budget", 5000)]),
    ("Actually my budget is 8000 now.", [FactInput("attribute", "", "budget", 8000, is_change=True)]),
    ("I like dark themes.", [FactInput("preference", "dark themes", polarity=1)]),
    ("My sister recommended the Noodle House.", [FactInput("relation", "my sister", "RECOMMENDED", "Noodle House",
                                                           subject_type="person")]),
]


@pytest.fixture
def user(tenant_settings):
    store = Store(tenant_settings)
    writer = Writer(store, tenant_settings, journal_path=tenant_settings.home / f"journal-{tenant_settings.tenant}.db")
    for i, (text, facts) in enumerate(TURNS):
        writer.add("alice", "s1", i, text, role="user", at=DAY + timedelta(hours=i), facts=facts)
    writer.add("bob", "s1", 0, "My laptop is a MacBook Air.", role="user", at=DAY,
               facts=[FactInput("attribute", "MacBook Air", "type", "laptop", subject_type="laptop")])
    assert writer.flush(120)
    writer.close()
    yield store
    store.close()


def test_lists_users_entities_events_and_stats(user):
    assert {u["user_id"] for u in curate.users(user)} == {"alice", "bob"}
    names = " ".join(e["name"] + " " + " ".join(e["aliases"] or []) for e in curate.entities(user, "alice"))
    assert "ThinkPad" in names and "MacBook" not in names
    evs = curate.events(user, "alice")
    assert len(evs) >= 4 and all(e["text"] != "My laptop is a MacBook Air." for e in evs)
    assert curate.events(user, "alice", since=DAY + timedelta(hours=2)) == [e for e in evs if e["occurred_at"].to_native() >= DAY + timedelta(hours=2)]
    assert curate.stats(user)["users"] == 2


def test_unknown_user_is_not_found(user):
    with pytest.raises(NotFound, match="no user 'carol'"):
        curate.entities(user, "carol")


def test_outdate_and_restore_keep_history(user):
    versions = history(user, "alice", "me", "budget")
    assert [v.status for v in versions] == ["outdated", "active"]
    old, new = versions
    curate.set_fact_status(user, "alice", old.id, active=True)
    after = {v.id: v.status for v in history(user, "alice", "me", "budget")}
    assert after == {old.id: "active", new.id: "outdated"}
    curate.set_fact_status(user, "alice", old.id, active=False)
    assert {v.status for v in history(user, "alice", "me", "budget")} == {"outdated"}


def test_forget_dry_run_changes_nothing_then_forget_verifies(user):
    eid = curate.entities(user, "alice")
    laptop = next(e for e in eid if "ThinkPad" in e["name"] + " ".join(e["aliases"] or []))
    dry = curate.forget(user, "alice", entity=laptop["id"], dry_run=True)
    assert dry.dry_run and laptop["id"] in dry.planned["entities"] and dry.planned["events"]
    assert any(e["id"] == laptop["id"] for e in curate.entities(user, "alice"))
    done = curate.forget(user, "alice", entity=laptop["id"])
    assert done.remaining and not any(done.remaining.values())
    assert all(e["id"] != laptop["id"] for e in curate.entities(user, "alice"))
    assert all("ThinkPad" not in e["text"] for e in curate.events(user, "alice"))
    assert any("MacBook" in e["name"] + " ".join(e["aliases"] or []) for e in curate.entities(user, "bob"))


def test_forget_needs_exactly_one_target(user):
    with pytest.raises(InputError):
        curate.forget(user, "alice")
    with pytest.raises(InputError):
        curate.forget(user, "alice", event="x", fact="y")


def test_forget_all_removes_the_user(user):
    report = curate.forget(user, "bob", everything=True)
    assert report.remaining["users"] == 0 and report.remaining["nodes"] == 0
    assert {u["user_id"] for u in curate.users(user)} == {"alice"}


def test_alias_then_merge_moves_facts_and_keeps_history(user):
    ents = curate.entities(user, "alice")
    laptop = next(e for e in ents if "ThinkPad" in e["name"] + " ".join(e["aliases"] or []))
    curate.alias(user, "alice", laptop["id"], "my work machine")
    assert "my work machine" in next(e for e in curate.entities(user, "alice") if e["id"] == laptop["id"])["aliases"]
    other = next(e for e in ents if e["id"] != laptop["id"] and not e["name"].lower().startswith(("alice", "me")))
    before = len(history(user, "alice", other["id"])) + len(history(user, "alice", laptop["id"]))
    merged = curate.merge(user, "alice", laptop["id"], other["id"])
    assert other["name"] in merged["aliases"]
    assert len(history(user, "alice", laptop["id"])) == before
    with pytest.raises(NotFound):
        card(user, "alice", other["id"])


def test_export_import_is_an_exact_round_trip(user):
    first = curate.export(user, "alice")
    assert first["nodes"] and first["relationships"]
    assert any("embedding" in n["props"] for n in first["nodes"])
    with pytest.raises(InputError, match="already exists"):
        curate.import_(user, first)
    curate.forget(user, "alice", everything=True)
    counts = curate.import_(user, first)
    assert counts == {"nodes": len(first["nodes"]), "relationships": len(first["relationships"])}
    assert curate.export(user, "alice") == first


def test_import_rejects_foreign_labels_and_types(user):
    data = curate.export(user, "bob")
    bad = {**data, "nodes": [{**data["nodes"][0], "labels": ["Admin"]}] + data["nodes"][1:]}
    with pytest.raises(InputError, match="outside the graph model"):
        curate.import_(user, bad, replace=True)
    bad = {**data, "relationships": [{**data["relationships"][0], "type": "OWNS_EVERYTHING"}]}
    with pytest.raises(InputError, match="not valid"):
        curate.import_(user, bad, replace=True)
