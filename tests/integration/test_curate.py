"""Curation on the real server: a user's graph written by the real write path, then curated."""

from datetime import datetime, timedelta, timezone

import pytest

from graphmem import curate
from graphmem.errors import InputError, NotFound
from graphmem.write import card, history

def test_lists_users_entities_events_and_stats(sample_users, sample_day):
    assert {u["user_id"] for u in curate.users(sample_users)} == {"alice", "bob"}
    names = " ".join(e["name"] + " " + " ".join(e["aliases"] or []) for e in curate.entities(sample_users, "alice"))
    assert "ThinkPad" in names and "MacBook" not in names
    evs = curate.events(sample_users, "alice")
    assert len(evs) >= 4 and all(e["text"] != "My laptop is a MacBook Air." for e in evs)
    assert curate.events(sample_users, "alice", since=sample_day + timedelta(hours=2)) == [
        e for e in evs if e["occurred_at"].to_native() >= sample_day + timedelta(hours=2)]
    assert curate.stats(sample_users)["users"] == 2


def test_unknown_user_is_not_found(sample_users):
    with pytest.raises(NotFound, match="no user 'carol'"):
        curate.entities(sample_users, "carol")


def test_outdate_and_restore_keep_history(sample_users):
    versions = history(sample_users, "alice", "me", "budget")
    assert [v.status for v in versions] == ["outdated", "active"]
    old, new = versions
    back = curate.set_fact_status(sample_users, "alice", old.id, active=True)   # a new version, from now
    after = {v.id: v.status for v in history(sample_users, "alice", "me", "budget")}
    assert after == {old.id: "outdated", new.id: "outdated", back["id"]: "active"} and back["value"] == "5000"
    curate.set_fact_status(sample_users, "alice", back["id"], active=False)
    assert {v.status for v in history(sample_users, "alice", "me", "budget")} == {"outdated"}


def test_forget_dry_run_changes_nothing_then_forget_verifies(sample_users):
    eid = curate.entities(sample_users, "alice")
    laptop = next(e for e in eid if "ThinkPad" in e["name"] + " ".join(e["aliases"] or []))
    dry = curate.forget(sample_users, "alice", entity=laptop["id"], dry_run=True)
    assert dry.dry_run and laptop["id"] in dry.planned["entities"] and dry.planned["events"]
    assert any(e["id"] == laptop["id"] for e in curate.entities(sample_users, "alice"))
    done = curate.forget(sample_users, "alice", entity=laptop["id"])
    assert done.remaining and not any(done.remaining.values())
    assert all(e["id"] != laptop["id"] for e in curate.entities(sample_users, "alice"))
    assert all("ThinkPad" not in e["text"] for e in curate.events(sample_users, "alice"))
    assert any("MacBook" in e["name"] + " ".join(e["aliases"] or []) for e in curate.entities(sample_users, "bob"))


def test_forget_needs_exactly_one_target(sample_users):
    with pytest.raises(InputError):
        curate.forget(sample_users, "alice")
    with pytest.raises(InputError):
        curate.forget(sample_users, "alice", event="x", fact="y")


def test_forget_all_removes_the_user(sample_users):
    report = curate.forget(sample_users, "bob", everything=True)
    assert report.remaining["users"] == 0 and report.remaining["nodes"] == 0
    assert {u["user_id"] for u in curate.users(sample_users)} == {"alice"}


def test_alias_then_merge_moves_facts_and_keeps_history(sample_users):
    ents = curate.entities(sample_users, "alice")
    laptop = next(e for e in ents if "ThinkPad" in e["name"] + " ".join(e["aliases"] or []))
    curate.alias(sample_users, "alice", laptop["id"], "my work machine")
    assert "my work machine" in next(e for e in curate.entities(sample_users, "alice") if e["id"] == laptop["id"])["aliases"]
    other = next(e for e in ents if e["id"] != laptop["id"] and not e["name"].lower().startswith(("alice", "me")))
    before = len(history(sample_users, "alice", other["id"])) + len(history(sample_users, "alice", laptop["id"]))
    merged = curate.merge(sample_users, "alice", laptop["id"], other["id"])
    assert other["name"] in merged["aliases"]
    assert len(history(sample_users, "alice", laptop["id"])) == before
    with pytest.raises(NotFound):
        card(sample_users, "alice", other["id"])


def test_export_import_is_an_exact_round_trip(sample_users):
    first = curate.export(sample_users, "alice")
    assert first["nodes"] and first["relationships"]
    assert any("embedding" in n["props"] for n in first["nodes"])
    with pytest.raises(InputError, match="already exists"):
        curate.import_(sample_users, first)
    curate.forget(sample_users, "alice", everything=True)
    counts = curate.import_(sample_users, first)
    assert counts == {"nodes": len(first["nodes"]), "relationships": len(first["relationships"])}
    assert curate.export(sample_users, "alice") == first


def test_import_rejects_foreign_labels_and_types(sample_users):
    data = curate.export(sample_users, "bob")
    bad = {**data, "nodes": [{**data["nodes"][0], "labels": ["Admin"]}] + data["nodes"][1:]}
    with pytest.raises(InputError, match="outside the graph model"):
        curate.import_(sample_users, bad, replace=True)
    bad = {**data, "relationships": [{**data["relationships"][0], "type": "OWNS_EVERYTHING"}]}
    with pytest.raises(InputError, match="not valid"):
        curate.import_(sample_users, bad, replace=True)


def test_memory_forget_drops_what_recall_and_the_writer_cached(tenant_settings, tmp_path):
    from graphmem import Memory

    with Memory(tenant_settings, journal_path=tmp_path / "j.sqlite3") as mem:
        mem.add("erin", "s1", 1, "My favourite tea is Longjing.")
        mem.flush(120)
        assert any("Longjing" in r.text for r in mem.recall("erin", "which tea do I like?", 5))
        report = mem.forget("erin", everything=True)
        assert report.remaining["nodes"] == 0
        assert not any("Longjing" in r.text for r in mem.recall("erin", "which tea do I like?", 5))
        mem.add("erin", "s2", 1, "I also enjoy oolong.")
        mem.flush(120)
        texts = [e["text"] for e in curate.events(mem.store, "erin")]
    assert texts == ["I also enjoy oolong."]


@pytest.mark.parametrize("which", ["turn", "statement", "entity"])
def test_forget_event_takes_the_turns_statement_events_with_it(tenant_settings, tmp_path, which):
    """A turn with an event clause is stored twice: the turn and a statement Event derived from it. Forgetting
    either id (or the entity the turn is about) forgets both, and recall no longer finds the sentence."""
    from graphmem import Memory

    said = "Last Friday I adopted a cat named Miso, and my budget for cat food is 300 a month."
    with Memory(tenant_settings, journal_path=tmp_path / "j.sqlite3") as mem:
        at = datetime(2026, 3, 10, 9, 0, tzinfo=timezone.utc)
        turn = mem.add("zoe", "s1", 1, said, at=at)
        mem.add("zoe", "s1", 2, "I drive a blue Volvo.", at=at + timedelta(minutes=1))
        assert mem.flush(120)
        events = {e["id"]: e["text"] for e in curate.events(mem.store, "zoe")}
        derived = [i for i, text in events.items() if i != turn and "Miso" in text]
        assert turn in events and len(derived) == 1          # the copy this test is about exists
        assert any("Miso" in r.source_text for r in mem.recall("zoe", "did I adopt a cat?", 5))
        if which == "entity":
            miso = next(e["id"] for e in curate.entities(mem.store, "zoe") if e["name"] == "Miso")
            report = mem.forget("zoe", entity=miso)
        else:
            report = mem.forget("zoe", event=turn if which == "turn" else derived[0])
        if which == "entity":   # the turn is about the budget too: it stays, with Miso's name redacted
            assert report.kept == [turn] and not report.planned["events"] and not any(report.remaining.values())
        else:
            assert set(report.planned["events"]) == {turn, derived[0]} and not any(report.remaining.values())
        assert all("Miso" not in text for text in (e["text"] for e in curate.events(mem.store, "zoe")))
        assert not any("Miso" in r.source_text + r.text for r in mem.recall("zoe", "did I adopt a cat?", 5))
        # the fact whose value is Miso ("your pet is Miso", on the user's own card) went too
        assert not any("Miso" in r.source_text + r.text for r in mem.recall("zoe", "what is my pet called?", 5))
        assert any("Volvo" in e["text"] for e in curate.events(mem.store, "zoe"))   # nothing else went
