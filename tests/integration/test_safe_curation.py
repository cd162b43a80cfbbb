"""Safe curation (issue 20) on the real Neo4j, write path, spaCy and USE: maintain keeps what recall returned
and what holds a unique fact, shows archived items and brings them back; outdate/restore keep the timeline
truthful; forget --entity keeps turns about other things; merge can be undone; rename keeps the old name."""

from datetime import datetime, timedelta, timezone

import pytest
from typer.testing import CliRunner

from graphmem import Memory, curate
from graphmem.cli.app import app
from graphmem.write import RescorePolicy, history, reads, rescore

T0 = datetime(2026, 3, 1, 9, 0, tzinfo=timezone.utc)
TURNS = ["My sister Lily recommended the Noodle House on Fifth Street.",
         "Lily is visiting me next weekend.",
         "My laptop's model is ThinkPad E14.",   # 'My laptop is a ThinkPad E14' is one entity since 5716a7b: merge needs two
         "The ThinkPad E14 can take 16GB of RAM.",
         "I like sushi a lot."]
ARCHIVE_ALL = RescorePolicy(archive_importance=1.01)   # every memory mentioned once is "stale": protection decides
runner = CliRunner()


@pytest.fixture
def mem(tenant_settings, tmp_path):
    with Memory(tenant_settings, journal_path=tmp_path / "journal.sqlite3") as m:
        for i, text in enumerate(TURNS):
            m.add("u", "s1", i, text, at=T0 + timedelta(hours=i))
        assert m.flush(180)
        yield m


def event_id(store, text):
    return next(v["id"] for v in curate.events(store, "u") if v["text"] == text)


def cli(tenant, *args, input=None):
    return runner.invoke(app, list(args), env={"GRAPHMEM_TENANT": tenant}, input=input)


def test_recall_stamps_what_it_returned(mem, tenant_settings):
    found = mem.recall("u", "how much RAM can my laptop take?", 3)
    assert found and mem.recall_log.flush() == len({r.id for r in found})
    cands = {r["id"]: r for r in mem.store.run("read/rescore_candidates", {"tenant": tenant_settings.tenant,
                                                                          "user_id": "u"})}
    for r in found:
        assert cands[r.id]["last_recalled"] is not None
    assert sum(c["last_recalled"] is not None for c in cands.values()) == len({r.id for r in found})


def test_maintain_keeps_recalled_and_unique_memories(mem):
    store = mem.store
    ram = event_id(store, "The ThinkPad E14 can take 16GB of RAM.")   # the lost memory: no fact, one mention
    recalled = {r.id for r in mem.recall("u", "which laptop do I have?", 3)}
    mem.recall_log.flush()
    plan = rescore(store, user_id="u", policy=ARCHIVE_ALL, dry_run=True)
    archived = {i["id"] for i in plan.archived_items}
    assert plan.dry_run and plan.protected.get("unique", 0) >= 4 and plan.protected.get("recalled", 0) >= 1
    assert ram not in archived and not (archived & recalled)
    assert all(i["text"] for i in plan.archived_items)                         # shown with its text
    assert all(f.status == "active" for f in history(store, "u", "me"))        # dry run: nothing changed
    assert not curate.events(store, "u", status="archived")
    # the statement event copied out of its (kept) turn is what goes
    assert archived == {v["id"] for v in curate.events(store, "u") if v["kind"] == "event"} - recalled
    done = rescore(store, user_id="u", policy=ARCHIVE_ALL)
    assert {i["id"] for i in done.archived_items} == archived
    listed = curate.events(store, "u", status="archived")
    assert {v["id"] for v in listed} == archived and all(v["status"] == "archived" for v in listed)
    assert curate.stats(store)["archived_events"] == len(archived)
    assert reads.user_stats(store, "u")["archived_events"] == len(archived)
    back = sorted(archived)[0]
    row = curate.restore(store, "u", back)
    assert row["status"] == "active" and row["text"]
    again = rescore(store, user_id="u", policy=ARCHIVE_ALL)
    assert back not in {i["id"] for i in again.archived_items} and again.protected.get("kept") == 1


def test_outdate_then_restore_keeps_the_timeline(sample_users, sample_day):
    store = sample_users
    old, new = history(store, "alice", "me", "budget")                   # 5000 at +1 h, 8000 at +2 h
    before = sample_day + timedelta(hours=3)

    def budget(at):
        return sorted(f.value for f in reads.as_of(store, "alice", at, key="budget"))

    assert budget(before) == ["8000"]
    curate.set_fact_status(store, "alice", new.id, active=False)
    row = curate.restore(store, "alice", old.id)
    assert row["restored_from"] == old.id and row["id"] not in (old.id, new.id) and row["version"] == 3
    assert budget(before) == ["8000"]                                    # the bug: was 5000 and 8000
    assert budget(sample_day + timedelta(minutes=90)) == ["5000"]
    assert budget(datetime.now(timezone.utc) + timedelta(seconds=1)) == ["5000"]
    versions = history(store, "alice", "me", "budget")
    assert [(v.value, v.status) for v in versions] == [("5000", "outdated"), ("8000", "outdated"), ("5000", "active")]
    assert "5000" in reads.profile(store, "alice").text and "8000" not in reads.profile(store, "alice").text
    with pytest.raises(Exception, match="already current"):
        curate.restore(store, "alice", row["id"])


def test_forget_entity_keeps_turns_that_are_about_other_things(mem):
    store = mem.store
    plan = curate.forget(store, "u", entity="Lily", dry_run=True)
    noodle = event_id(store, TURNS[0])
    visit = event_id(store, TURNS[1])
    assert plan.kept == [noodle] and visit in plan.planned["events"]
    assert plan.described[visit] == TURNS[1] and plan.described[noodle] == TURNS[0]
    done = curate.forget(store, "u", entity="Lily")
    texts = [v["text"] for v in curate.events(store, "u")]
    kept = next(t for t in texts if "Noodle House" in t)        # kept, with the forgotten names redacted
    assert "Lily" not in kept and "sister" not in kept and "[forgotten]" in kept and done.kept == [noodle]
    assert TURNS[1] not in texts and not any(done.remaining.values())
    assert all(e["name"] != "Lily" for e in curate.entities(store, "u"))


def test_merge_dry_run_then_undo_brings_the_entity_back(mem):
    store = mem.store
    ents = {e["name"]: e for e in curate.entities(store, "u")}
    laptop, model = ents["My laptop"], ents["ThinkPad E14"]
    before = {e["id"]: (e["name"], sorted(e["aliases"] or []), e["mentions"]) for e in curate.entities(store, "u")}
    facts_before = sorted((f.id, f.entity_id, f.status) for f in history(store, "u", laptop["id"]))
    plan = curate.merge(store, "u", model["id"], laptop["id"], dry_run=True)
    assert plan["dry_run"] and plan["absorbed_names"] == ["My laptop"] and any("ThinkPad E14" in f for f in plan["facts"])
    assert {e["id"] for e in curate.entities(store, "u")} == set(before)          # nothing changed
    merged = curate.merge(store, "u", model["id"], laptop["id"])
    assert "My laptop" in merged["aliases"] and laptop["id"] not in {e["id"] for e in curate.entities(store, "u")}
    assert [m["absorbed"] for m in curate.merges(store, "u")] == ["My laptop"]
    undone = curate.unmerge(store, "u")
    assert undone["restored"] == laptop["id"] and not curate.merges(store, "u")
    after = {e["id"]: (e["name"], sorted(e["aliases"] or []), e["mentions"]) for e in curate.entities(store, "u")}
    assert after == before
    assert sorted((f.id, f.entity_id, f.status) for f in history(store, "u", laptop["id"])) == facts_before
    assert reads.card(store, "u", laptop["id"]).facts


def test_rename_keeps_the_old_name_as_an_alias(mem):
    store = mem.store
    row = curate.rename(store, "u", "Lily", "Lily Chen")
    assert row["name"] == "Lily Chen" and "Lily" in row["aliases"] and row["old_name"] == "Lily"
    assert reads.card(store, "u", "Lily").name == "Lily Chen"           # the old name still finds it


def test_cli_asks_before_changing_and_dry_run_shows_text(mem, tenant):
    store = mem.store
    ram = event_id(store, "The ThinkPad E14 can take 16GB of RAM.")
    shown = cli(tenant, "forget", "u", "--event", ram, "--dry-run")
    assert shown.exit_code == 0 and "16GB of RAM" in shown.output
    refused = cli(tenant, "forget", "u", "--event", ram, input="n\n")
    assert refused.exit_code == 1 and ram in {v["id"] for v in curate.events(store, "u")}
    ents = {e["name"]: e["id"] for e in curate.entities(store, "u")}
    merge = cli(tenant, "merge", "u", ents["ThinkPad E14"], ents["My laptop"], input="n\n")
    assert merge.exit_code == 1 and "model = ThinkPad E14" in merge.output
    assert ents["My laptop"] in {e["id"] for e in curate.entities(store, "u")}
    maintain = cli(tenant, "maintain", "--user", "u", "--dry-run")
    assert maintain.exit_code == 0 and "kept from archiving" in maintain.output
    laptop = ents["My laptop"]
    fact = next(f for f in history(store, "u", laptop) if f.status == "active")
    outdate = cli(tenant, "outdate", "u", fact.id, input="n\n")
    assert outdate.exit_code == 1 and fact.value in outdate.output
    assert next(f for f in history(store, "u", laptop) if f.id == fact.id).status == "active"
    assert cli(tenant, "outdate", "u", fact.id, "--yes").exit_code == 0
    assert next(f for f in history(store, "u", laptop) if f.id == fact.id).status == "outdated"
    done = cli(tenant, "merge", "u", ents["ThinkPad E14"], ents["My laptop"], "--yes")
    assert done.exit_code == 0 and "graphmem undo u" in done.output
    undo = cli(tenant, "undo", "u", "--yes")
    assert undo.exit_code == 0 and ents["My laptop"] in {e["id"] for e in curate.entities(store, "u")}


def test_import_replace_asks_and_says_what_it_replaces(mem, tenant, tmp_path):
    path = tmp_path / "u.json"
    assert cli(tenant, "export", "u", "-o", str(path)).exit_code == 0
    refused = cli(tenant, "import", str(path), "--replace", input="n\n")
    assert refused.exit_code == 1 and "would replace 'u'" in refused.output
    assert cli(tenant, "import", str(path), "--replace", "--yes").exit_code == 0


def test_profile_follows_maintain_and_rename(mem):
    from graphmem.model import FactInput

    store = mem.store
    mem.add("u", "s9", 1, "?? !! ...", at=T0 + timedelta(days=1),
            facts=[FactInput("attribute", "", "mood", "??", text="?? !! ...")])
    assert mem.flush(120)
    assert "mood" in reads.profile(store, "u").text
    done = rescore(store, user_id="u", now=T0 + timedelta(days=2))       # punctuation: archived, not protected
    assert any(i["label"] == "fact" and i["text"] == "?? !! ..." for i in done.archived_items)
    assert "mood" not in reads.profile(store, "u").text                 # the profile was regenerated
    before = reads.profile(store, "u").text
    assert "My laptop" in before
    curate.rename(store, "u", "My laptop", "Work laptop")
    after = reads.profile(store, "u").text
    assert "Work laptop" in after and "My laptop" not in after
