"""Text-only turns go through graphmem.linking: mentions become the user's own entities, "that laptop" in a
later turn links to the same node through the session slot table, and two users never share a node."""

from __future__ import annotations

from graphmem.write import find_entities


def mentions(store, tenant, user, event_id):
    return store.run("read/event_mentions", {"tenant": tenant, "user_id": user, "event_id": event_id})


def test_mentions_link_within_a_session_and_per_user(writer, store, tenant):
    a1 = writer.add("alice", "s1", 1, "My laptop keeps crashing when I open Photoshop.")
    a2 = writer.add("alice", "s1", 2, "That laptop is only two years old.")
    b1 = writer.add("bob", "s1", 1, "My laptop keeps crashing when I open Photoshop.")
    assert writer.flush(120)
    m1, m2, mb = (mentions(store, tenant, u, e) for u, e in (("alice", a1), ("alice", a2), ("bob", b1)))
    laptop_a = [m for m in m1 if m["type"] == "laptop"]
    assert len(laptop_a) == 1
    assert laptop_a[0]["id"] in {m["id"] for m in m2}          # "that laptop" → the same node
    laptop_b = [m for m in mb if m["type"] == "laptop"]
    assert len(laptop_b) == 1 and laptop_b[0]["id"] != laptop_a[0]["id"]
    assert len(find_entities(store, "alice", laptop_a[0]["name"], tenant=tenant)) == 1


def test_chinese_mentions(writer, store, tenant):
    e1 = writer.add("u1", "s1", 1, "我妹妹推荐了一家面馆，叫老王面馆")
    assert writer.flush(120)
    names = {m["name"] for m in mentions(store, tenant, "u1", e1)}
    assert "我妹妹" in names


def test_bare_numbers_do_not_become_entities(writer, store, tenant):
    e = writer.add("u1", "s1", 1, "Actually my budget is 9000 now")
    assert writer.flush(120)
    names = {r["name"] for r in store.run("read/known_entities", {"tenant": tenant, "user_id": "u1"})}
    assert "9000" not in names
    assert mentions(store, tenant, "u1", e) == []


def test_a_name_introduced_earlier_in_the_same_batch_is_linked(writer, store, tenant):
    """"我女儿朵朵" creates 朵朵 (jieba does not tag the name); a later turn in the same flush that says 朵朵, and
    one that says 她, both mention that node (the batch's mentions are extracted before 朵朵 exists)."""
    e1 = writer.add("u1", "s1", 1, "我女儿朵朵今年四岁，九月份要上中班了。")
    e2 = writer.add("u1", "s2", 1, "朵朵在向日葵幼儿园，离家走路十分钟。")
    e3 = writer.add("u1", "s2", 2, "她特别喜欢画画，每天回来都要画半个小时。")
    assert writer.flush(120)
    first = {m["name"]: m["id"] for m in mentions(store, tenant, "u1", e1)}
    assert "朵朵" in first
    for e in (e2, e3):
        assert first["朵朵"] in {m["id"] for m in mentions(store, tenant, "u1", e)}, e


def test_an_apposition_becomes_an_alias_that_later_turns_link_through(writer, store, tenant):
    e1 = writer.add("u1", "s1", 1, "Got an offer from Cobaltline, the fintech startup, for 95k.")
    assert writer.flush(120)
    e2 = writer.add("u1", "s2", 1, "Still waiting to hear back from that fintech about the start date.")
    assert writer.flush(120)
    (cobalt,) = [m for m in mentions(store, tenant, "u1", e1) if m["name"] == "Cobaltline"]
    assert cobalt["id"] in {m["id"] for m in mentions(store, tenant, "u1", e2)}
    assert [e["id"] for e in find_entities(store, "u1", "fintech startup", tenant=tenant)] == [cobalt["id"]]


def test_a_batch_reads_its_users_at_once_as_one_at_a_time(writer, store, tenant):
    """``read/writer_users`` (a batch's users in one read) gives each user the entities ``read/known_entities`` gives,
    in the same order, and its stored turns newest first; a user with nothing stored gets empty lists."""
    from graphmem.write.pipeline import Pipeline

    writer.add("alice", "s1", 1, "My sister Priya moved to Lyon with her dog Biscuit.")
    writer.add("alice", "s1", 2, "I bought a Lenovo ThinkPad for work.")
    writer.add("bob", "s1", 1, "我女儿朵朵今年四岁，在杭州上幼儿园。")
    assert writer.flush(120)
    rows = {r["user_id"]: r for r in store.run("read/writer_users", {"tenant": tenant, "user_ids": ["alice", "bob", "nobody"],
                                                                     "limit": 64})}
    for user in ("alice", "bob"):
        one = store.run("read/known_entities", {"tenant": tenant, "user_id": user})
        assert len(one) >= 2
        assert [(r["id"], r["name"], r["type"], r["aliases"], r["is_self"]) for r in one] == \
            [(r["id"], r["name"], r["type"], r["aliases"], r["is_self"]) for r in rows[user]["entities"]]
    assert [r["text"] for r in rows["alice"]["recent"]] == ["I bought a Lenovo ThinkPad for work.",
                                                           "My sister Priya moved to Lyon with her dog Biscuit."]
    assert rows["nobody"]["entities"] == [] and rows["nobody"]["recent"] == []
    p = Pipeline(store, None)
    p._load([(tenant, "alice"), (tenant, "bob")])
    assert {r["name"] for r in store.run("read/known_entities", {"tenant": tenant, "user_id": "alice"})
            if not r["is_self"]} == {e.name for e in p.user(tenant, "alice").gazetteer.entities}
    assert [said for said, _ in p.user(tenant, "alice").recent][-1] == ("user", "")
