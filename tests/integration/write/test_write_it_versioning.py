"""Versioning on the real server: new value → new version, old one outdated with valid_to and SUPERSEDES;
repeats raise mention_count/last_seen; flipped preferences; history and as-of; nothing is ever deleted."""

from __future__ import annotations

from datetime import datetime, timedelta, timezone

from graphmem.model import FactInput
from graphmem.write import as_of, card, history, preferences, user_stats

T0 = datetime(2026, 1, 10, 9, 0, tzinfo=timezone.utc)


def day(n: int) -> datetime:
    return T0 + timedelta(days=n)


def budget(v, **kw) -> FactInput:
    return FactInput("attribute", "", "budget", v, **kw)


def test_change_creates_version_and_supersedes(writer, store, tenant):
    writer.add("u1", "s1", 1, "My budget is 5000", at=day(0), facts=[budget(5000)])
    writer.add("u1", "s2", 1, "Actually my budget is 8000 now", at=day(50), facts=[budget(8000, is_change=True)])
    assert writer.flush(60)
    versions = history(store, "u1", "me", "budget", tenant=tenant)
    assert [(v.version, v.value, v.status) for v in versions] == [(1, "5000", "outdated"), (2, "8000", "active")]
    old, new = versions
    assert old.valid_to == day(50) and new.valid_to is None
    assert new.supersedes == old.id
    rows = store.run("read/fact_history", {"tenant": tenant, "user_id": "u1", "entity_id": old.entity_id, "key": None})
    assert len(rows) == 2   # the old version is still there


def test_repeat_creates_no_version(writer, store, tenant):
    writer.add("u1", "s1", 1, "My budget is 5000", at=day(0), facts=[budget(5000)])
    writer.add("u1", "s1", 2, "as I said, budget five thousand", at=day(3), facts=[budget(5000.0)])
    writer.add("u1", "s2", 1, "budget: 5000", at=day(9), facts=[budget("5000")])
    assert writer.flush(60)
    versions = history(store, "u1", "me", "budget", tenant=tenant)
    assert len(versions) == 1
    assert versions[0].mention_count == 3
    assert versions[0].last_seen == day(9)
    assert writer.stats().facts_repeated == 2


def test_flipped_preference_and_as_of(writer, store, tenant):
    like = FactInput("preference", "dark mode", polarity=1, text="I like dark mode")
    dislike = FactInput("preference", "dark mode", polarity=-1, text="I no longer like dark mode", is_change=True)
    writer.add("u1", "s1", 1, "I like dark mode", at=day(0), facts=[like])
    writer.add("u1", "s2", 1, "I no longer like dark mode", at=day(60), facts=[dislike])
    assert writer.flush(60)
    v = history(store, "u1", "dark mode", tenant=tenant)
    assert [(x.value, x.polarity, x.status) for x in v] == [("like", 1, "outdated"), ("dislike", -1, "active")]
    # "what did I prefer on 1 March?" (day 50) vs now
    march = as_of(store, "u1", datetime(2026, 3, 1, tzinfo=timezone.utc), kind="preference", tenant=tenant)
    assert [(f.entity, f.value) for f in march] == [("dark mode", "like")]
    later = as_of(store, "u1", day(61), kind="preference", tenant=tenant)
    assert [(f.entity, f.value) for f in later] == [("dark mode", "dislike")]
    edges = preferences(store, "u1", include_outdated=True, tenant=tenant)
    assert [(e["type"], e["status"], e["valid_to"]) for e in edges] == [
        ("PREFERS", "outdated", day(60)), ("DISLIKES", "active", None)]
    c = card(store, "u1", "dark mode", tenant=tenant)
    assert [f.value for f in c.facts] == ["dislike"]


def test_two_changes_in_one_batch_chain(writer, store, tenant):
    for i, v in enumerate([100, 200, 300]):
        writer.add("u1", "s1", i, f"budget {v}", at=day(i), facts=[budget(v)])
    assert writer.flush(60)
    versions = history(store, "u1", "me", "budget", tenant=tenant)
    assert [(v.version, v.value, v.status) for v in versions] == [
        (1, "100", "outdated"), (2, "200", "outdated"), (3, "300", "active")]
    assert versions[2].supersedes == versions[1].id and versions[1].supersedes == versions[0].id
    s = user_stats(store, "u1", tenant=tenant)
    assert (s["active_facts"], s["outdated_facts"]) == (1, 2)


def test_relation_between_entities(writer, store, tenant):
    writer.add("u1", "s1", 1, "My sister recommended the noodle place on 5th street", at=day(0),
               facts=[FactInput("relation", "my sister", "recommended", "the noodle place")])
    assert writer.flush(60)
    c = card(store, "u1", "my sister", tenant=tenant)
    assert [(r["type"], r["direction"], r["other"]) for r in c.relations] == [("RECOMMENDED", "out", "the noodle place")]
    back = card(store, "u1", "the noodle place", tenant=tenant)
    assert [(r["type"], r["direction"], r["other"]) for r in back.relations] == [("RECOMMENDED", "in", "my sister")]


def test_versions_chain_across_overlapped_batches(make_writer, store, tenant):
    """Small batches, so batch N+1 is prepared while batch N commits: the chain must stay exact."""
    w = make_writer(batch_size=7, linger=0.0)
    n = 120
    for i in range(n):
        w.add("u1", "s1", i, f"my budget is {1000 + i}", at=day(i), facts=[budget(1000 + i)])
    assert w.flush(180)
    assert w.stats().batches >= n // 7
    versions = history(store, "u1", "me", "budget", tenant=tenant)
    assert [v.version for v in versions] == list(range(1, n + 1))
    assert [v.value for v in versions] == [str(1000 + i) for i in range(n)]
    assert [v.status for v in versions] == ["outdated"] * (n - 1) + ["active"]
    assert all(versions[i].supersedes == versions[i - 1].id for i in range(1, n))
    assert all(versions[i].valid_to == versions[i + 1].valid_from for i in range(n - 1))


def test_two_writers_on_the_same_user_keep_one_chain(make_writer, store, tenant, tmp_path):
    """Two writers (two journals: think two app servers) change the same slot at once; the user lock in the
    write transaction serialises them, so there is one active version and one unbranched chain."""
    a = make_writer(journal_path=tmp_path / "a.sqlite3", batch_size=5, linger=0.0)
    b = make_writer(journal_path=tmp_path / "b.sqlite3", batch_size=5, linger=0.0)
    n = 60
    for i in range(n):
        a.add("u1", "sa", i, f"budget {1000 + i}", at=day(i), facts=[budget(1000 + i)])
        b.add("u1", "sb", i, f"budget {5000 + i}", at=day(i) + timedelta(hours=12), facts=[budget(5000 + i)])
    assert a.flush(180) and b.flush(180)
    versions = history(store, "u1", "me", "budget", tenant=tenant)
    assert len(versions) == 2 * n
    assert [v.status for v in versions].count("active") == 1
    assert sorted(v.version for v in versions) == list(range(1, 2 * n + 1))
    superseded = [v.supersedes for v in versions if v.supersedes]
    assert len(superseded) == 2 * n - 1 and len(set(superseded)) == 2 * n - 1   # no version replaced twice


def _liked(store, tenant, user):
    return {(e["entity"], e["status"]) for e in preferences(store, user, include_outdated=True, tenant=tenant)}


def test_a_preference_change_replaces_the_liked_thing_of_the_same_kind(writer, store, tenant):
    """"我们决定改成原木风了" replaces the liked 北欧风 (both styles, typed by their own head noun 风), whether the
    earlier like is already in the graph or in the same batch; an unrelated like and a like without a change
    word stay."""
    writer.add("u1", "s1", 1, "我挺喜欢北欧风的，白墙加浅色木地板那种。", at=day(0))
    writer.add("u1", "s1", 2, "我很喜欢吃火锅", at=day(0))
    assert writer.flush(60)
    writer.add("u1", "s2", 1, "跟老公看了好多案例，我们决定改成原木风了，北欧风太冷淡。", at=day(10))
    writer.add("u2", "s1", 1, "我挺喜欢北欧风的", at=day(0))             # same batch: the earlier like of u2 ...
    writer.add("u2", "s1", 2, "我们决定改成原木风了", at=day(1))        # ... is replaced too
    writer.add("u3", "s1", 1, "我挺喜欢北欧风的", at=day(0))
    writer.add("u3", "s1", 2, "我也喜欢原木风", at=day(1))              # no change word: both liked
    writer.add("u4", "s1", 1, "我挺喜欢北欧风的", at=day(0))
    writer.add("u4", "s1", 2, "我们决定改成原木风了", at=day(1))
    writer.add("u4", "s1", 3, "算了，还是改成工业风吧", at=day(2))        # two changes in one batch chain
    assert writer.flush(60)
    assert {("北欧风", "outdated"), ("原木风", "outdated"), ("工业风", "active")} <= _liked(store, tenant, "u4")
    (nordic,), (wood,), (industrial,) = (history(store, "u4", n, tenant=tenant) for n in ("北欧风", "原木风", "工业风"))
    assert wood.supersedes == nordic.id and industrial.supersedes == wood.id   # each replaced once, in order
    for user in ("u1", "u2"):
        liked = _liked(store, tenant, user)
        assert ("北欧风", "outdated") in liked and ("原木风", "active") in liked, (user, liked)
    assert ("火锅", "active") in _liked(store, tenant, "u1")
    assert {("北欧风", "active"), ("原木风", "active")} <= _liked(store, tenant, "u3")
    assert "北欧" not in {e for e, _ in _liked(store, tenant, "u1")}   # the style is not the region 北欧


def _plans(store, tenant, user):
    return [(v.version, v.value, v.status) for v in history(store, user, "me", "goal", tenant=tenant)]


def test_a_moved_date_versions_the_plan(writer, store, tenant):
    """"改到八月三号" moves the date of the plan it is about: a new version of the plan with the new date
    supersedes the old one (kept, outdated), whether the plan is in the graph or earlier in the batch. A
    reschedule with no dated plan, or about one of several plans it shares nothing with, changes no plan."""
    writer.add("u1", "s1", 1, "我想七月去云南玩十天，昆明进丽江出。", at=day(0))
    writer.add("u2", "s1", 1, "I'm planning to fly to Lisbon in June.", at=day(0))
    writer.add("u2", "s1", 2, "I want to finish my thesis by August.", at=day(1))
    writer.add("u3", "s1", 1, "I want to learn Spanish.", at=day(0))
    assert writer.flush(60)
    writer.add("u1", "s2", 1, "出发时间改了，改到八月三号，七月公司走不开。", at=day(11))
    writer.add("u2", "s2", 1, "The Lisbon trip got pushed to September 12.", at=day(12))
    writer.add("u2", "s2", 2, "Actually it's now moved to October 3.", at=day(13))   # the moved plan moves again
    writer.add("u3", "s2", 1, "My dentist appointment was moved to Friday.", at=day(12))
    writer.add("u4", "s1", 1, "我打算下个月去成都看熊猫", at=day(0))
    writer.add("u4", "s1", 2, "成都那趟推迟到十月了", at=day(2))
    assert writer.flush(60)
    assert _plans(store, tenant, "u1") == [(1, "七月去云南玩十天", "outdated"), (2, "八月三号去云南玩十天", "active")]
    old, new = history(store, "u1", "me", "goal", tenant=tenant)
    assert new.supersedes == old.id and old.valid_to == day(11)
    lisbon = [(v, s) for v, val, s in _plans(store, tenant, "u2") if "Lisbon" in val]
    assert sorted(lisbon) == [(1, "outdated"), (2, "outdated"), (3, "active")]
    assert ("fly to Lisbon on October 3", "active") in {(x.value, x.status) for x in
                                                        history(store, "u2", "me", "goal", tenant=tenant)}
    assert [(val, s) for _, val, s in _plans(store, tenant, "u2") if "thesis" in val] == \
        [("finish my thesis by August", "active")]
    assert _plans(store, tenant, "u3") == [(1, "learn Spanish", "active")]   # no dated plan: nothing moves
    assert [(val, s) for _, val, s in _plans(store, tenant, "u4")] == [("下个月去成都看熊猫", "outdated"),
                                                                      ("十月去成都看熊猫", "active")]
