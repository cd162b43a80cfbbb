"""Multi-party turns on the real server, with real extraction: a participant's "I" is the participant, never
the user; every Event carries its role and speaker (caption, full-text, recall rows, export/import)."""

from __future__ import annotations

from datetime import datetime, timedelta, timezone

import pytest

from graphmem import curate
from graphmem.errors import InputError
from graphmem.store import Store
from graphmem.write import card, events, history, preferences, profile
from graphmem.write.journal import Journal

T0 = datetime(2023, 5, 8, 13, 0, tzinfo=timezone.utc)


def _add(w, turns):
    for i, (speaker, text) in enumerate(turns):
        w.add("u1", "s1", i, text, speaker=speaker, at=T0 + timedelta(minutes=i))
    assert w.flush(120)


def test_a_participants_allergy_is_theirs_not_the_users(writer, store, tenant):
    _add(writer, [("Melanie", "I am allergic to nuts."), (None, "I am allergic to shellfish.")])
    (mine,) = [v for v in history(store, "u1", "me", tenant=tenant) if v.key == "allergy"]
    assert mine.value == "shellfish" and mine.status == "active"
    (hers,) = [v for v in history(store, "u1", "Melanie", tenant=tenant) if v.key == "allergy"]
    assert hers.value == "nuts" and hers.status == "active"
    c = card(store, "u1", "Melanie", tenant=tenant)
    assert c.type == "person" and [f.value for f in c.facts] == ["nuts"]
    p = profile(store, "u1", tenant=tenant).text
    assert "shellfish" in p and "nuts" not in p and "Melanie" not in p


def test_a_participants_likes_and_plans_stay_off_the_users_profile(writer, store, tenant):
    _add(writer, [("Melanie", "I love pottery, it's so relaxing."), ("Melanie", "I want to become a counselor."),
                  ("Melanie", "I love camping too."), (None, "I love hiking.")])
    facts = {(f.key, f.value) for f in card(store, "u1", "Melanie", tenant=tenant).facts}
    assert facts == {("preference", "pottery"), ("preference", "camping"), ("goal", "become a counselor")}
    # the user's like of an activity is on the user's own card (issue 17: an activity is no entity); hers are not
    assert ("preference", "hiking") in {(f.key, f.value) for f in card(store, "u1", "me", tenant=tenant).facts}
    assert preferences(store, "u1", tenant=tenant) == []
    p = profile(store, "u1", tenant=tenant).text
    assert "hiking" in p and "pottery" not in p and "counselor" not in p


def test_a_participants_family_is_not_the_users(writer, store, tenant):
    _add(writer, [("Melanie", "My sister Lily lives in Boston."), (None, "My sister is visiting next week."),
                  ("Melanie", "My kids love the beach.")])
    rel = card(store, "u1", "Melanie", tenant=tenant).relations
    assert [(r["type"], r["other"]) for r in rel if r["type"] == "SISTER"] == [("SISTER", "Lily")]
    lily = card(store, "u1", "Lily", tenant=tenant)
    assert "My sister" not in lily.aliases and "my sister" not in lily.aliases
    names = {r["name"] for r in store.run("read/known_entities", {"tenant": tenant, "user_id": "u1"})}
    assert "Melanie's kids" in names and "My kids" not in names and "my kids" not in names


def test_events_carry_role_and_speaker(writer, store, tenant):
    # a name no other test or benchmark uses: the full-text index is shared by every tenant on the server
    writer.add("u1", "s1", 0, "I went to a LGBTQ support group yesterday.", speaker="Carolinde", at=T0)
    writer.add("u1", "s1", 1, "My budget for the trip is 3000 dollars.", at=T0 + timedelta(minutes=1))
    writer.add("u1", "s1", 2, "I'd suggest the ThinkPad E14 for your budget.", role="assistant",
               at=T0 + timedelta(minutes=2))
    assert writer.flush(120)
    turns = {e["turn_id"]: e for e in events(store, "u1", tenant=tenant) if e["source_id"] is None}
    assert (turns["0"]["role"], turns["0"]["speaker"]) == ("participant", "Carolinde")
    assert turns["0"]["caption"].startswith("Carolinde: I went to a LGBTQ")
    assert (turns["1"]["role"], turns["1"]["speaker"], turns["1"]["caption"][:9]) == ("user", None, "My budget")
    assert (turns["2"]["role"], turns["2"]["speaker"]) == ("assistant", None)
    # the speaker's name is searchable (the caption is full-text indexed) and recall rows say who spoke
    base = {"tenant": tenant, "user_id": "u1", "statuses": ["active"], "session_id": None, "vector": None}
    rows = store.run("recall/fulltext", {**base, "text": "carolinde", "fetch": 50, "k": 10})
    assert [(r["speaker"], r["role"]) for r in rows if r["label"] == "event" and r["id"] == turns["0"]["id"]] == \
        [("Carolinde", "participant")]
    rows = store.run("recall/recent", {**base, "k_events": 10, "k_facts": 0, "since": None, "until": None})
    assert {r["id"]: (r["speaker"], r["role"]) for r in rows if r["label"] == "event"}[turns["0"]["id"]] == \
        ("Carolinde", "participant")
    rows = store.run("recall/user_vectors", {"tenant": tenant, "user_id": "u1", "since": None})   # the recall cache
    assert {r["id"]: (r["speaker"], r["role"]) for r in rows if r["id"] in (turns["0"]["id"], turns["1"]["id"])} == \
        {turns["0"]["id"]: ("Carolinde", "participant"), turns["1"]["id"]: (None, "user")}


def test_export_and_import_keep_speakers(writer, tenant_settings, tenant):
    _add(writer, [("Melanie", "I am allergic to nuts.")])
    with Store(tenant_settings) as own:   # curate works in the store's tenant
        data = curate.export(own, "u1")
        (ev,) = [n for n in data["nodes"] if "Event" in n["labels"]]
        assert (ev["props"]["speaker"], ev["props"]["role"]) == ("Melanie", "participant")
        (fact,) = [n for n in data["nodes"] if "Fact" in n["labels"]]
        assert fact["props"]["speaker"] == "Melanie"
        curate.import_(own, data, replace=True)
        assert curate.export(own, "u1")["nodes"] == data["nodes"]
        (e,) = events(own, "u1", tenant=tenant)
        assert (e["speaker"], e["role"]) == ("Melanie", "participant")


def test_a_journal_record_from_before_speakers_replays(make_writer, store, tenant, tmp_path):
    path = tmp_path / "old.sqlite3"
    j = Journal(path).open()
    j.append("old-key", {"tenant": tenant, "user_id": "u1", "session_id": "s1", "turn_id": "7",
                         "text": "I am allergic to nuts.", "at": T0.isoformat(), "facts": None})   # no role/speaker
    j.close()
    w = make_writer(journal_path=path)
    assert w.flush(120)
    (e,) = events(store, "u1", tenant=tenant)
    assert (e["role"], e["speaker"], e["turn_id"]) == ("user", None, "7")
    assert [v.value for v in history(store, "u1", "me", "allergy", tenant=tenant)] == ["nuts"]


@pytest.mark.parametrize("speaker, role, message", [
    ("", None, "speaker is empty"), ("   ", None, "speaker is empty"), ("Mel\nanie", None, "control characters"),
    ("x" * 201, None, "201 characters"), (7, None, "must be a string"), (None, "participant", "needs a speaker"),
    ("Melanie", "friend", "role must be one of"),
])
def test_bad_speakers_are_refused_on_the_callers_thread(writer, speaker, role, message):
    with pytest.raises(InputError, match=message):
        writer.add("u1", "s1", 1, "hello there", speaker=speaker, role=role)
    assert writer.journal.pending() == 0
