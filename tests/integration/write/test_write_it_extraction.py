"""Text-only turns through the whole path with graphmem.linking's classifier and statement extractor (no
facts handed in): the gate's three rules, versioning from plain sentences, goals, Chinese profile."""

from __future__ import annotations

from datetime import datetime, timedelta, timezone

from graphmem.linking.api import extract_statements
from graphmem.write import card, events, find_entities, history, preferences, profile, user_stats

T0 = datetime(2026, 3, 1, 10, 0, tzinfo=timezone.utc)


def send(writer, user, lines, start=T0):
    for i, text in enumerate(lines):
        writer.add(user, "s1", i, text, at=start + timedelta(days=i))
    assert writer.flush(120)


def test_gate_rules_on_real_messages(writer, store, tenant):
    send(writer, "u1", ["hi", "how are you today?", "lol that's funny", "你好", "hmm, let me think",
                        "My budget for the new laptop is 8000 dollars",
                        "My budget for the new laptop is 8000 dollars"])
    s = writer.stats()
    # "hmm, let me think" passes the word rules (no statement, nothing linked) and reads like small talk
    assert s.rejected == {"greeting": 2, "smalltalk": 2, "chitchat": 1, "duplicate": 1}
    assert s.written == 1 and s.llm_calls == 0
    st = user_stats(store, "u1", tenant=tenant)
    assert st["events"] == 1
    assert st["rejected"] == {"greeting": 2, "smalltalk": 2, "chitchat": 1, "duplicate": 1, "judge": 0,
                              "invalid": 0}
    (budget,) = history(store, "u1", "me", "budget", tenant=tenant)
    assert budget.value == "8000" and budget.mention_count == 2


def test_versions_from_plain_sentences(writer, store, tenant):
    send(writer, "u1", ["My budget for the new laptop is 8000 dollars", "I really like sushi",
                        "Actually my budget is 9000 now", "I don't like sushi anymore"])
    assert [(v.value, v.status) for v in history(store, "u1", "me", "budget", tenant=tenant)] == [
        ("8000", "outdated"), ("9000", "active")]
    assert [(v.value, v.status) for v in history(store, "u1", "sushi", tenant=tenant)] == [
        ("like", "outdated"), ("dislike", "active")]
    assert [(p["type"], p["entity"]) for p in preferences(store, "u1", tenant=tenant)] == [("DISLIKES", "sushi")]


def test_goals_do_not_supersede_each_other(writer, store, tenant):
    send(writer, "u1", ["I want to learn Spanish this year", "I want to learn the guitar"])
    goals = [v for v in history(store, "u1", "me", "goal", tenant=tenant)]
    assert len(goals) == 2 and {g.status for g in goals} == {"active"}


def test_chinese_user_profile(writer, store, tenant):
    send(writer, "u1", ["我买笔记本的预算是五千元", "我不喜欢香菜了", "预算改成八千了"])
    p = profile(store, "u1", tenant=tenant)
    assert p.language == "zh"
    assert "不喜欢：香菜。" in p.text and "预算：现在是8000" in p.text and "之前是5000" in p.text


def test_event_statements_are_time_stamped(writer, store, tenant):
    text = "I went to Blue Bottle Cafe last Friday"
    (stmt,) = extract_statements(text, T0)                       # the linker resolves "last Friday"
    assert stmt.when is not None and stmt.when.date() < T0.date()
    writer.add("u1", "s1", 1, text, at=T0)
    assert writer.flush(120)
    (ev,) = events(store, "u1", tenant=tenant)                   # the turn itself is the event: one node
    assert ev["kind"] == "event" and ev["occurred_at"] == T0
    assert ev["happened_at"].date() == stmt.when.date()


def test_kinship_relation_points_from_the_user(writer, store, tenant):
    send(writer, "u1", ["My sister Lily recommended the noodle place on Fifth Street",
                        "my sister loves spicy food"])
    me = card(store, "u1", "me", tenant=tenant)
    assert [(r["type"], r["direction"], r["other"]) for r in me.relations] == [("SISTER", "out", "Lily")]
    lily = card(store, "u1", "Lily", tenant=tenant)
    assert "My sister" in lily.aliases                         # the role word became Lily's alias
    assert find_entities(store, "u1", "My sister", tenant=tenant)[0]["id"] == lily.id
    events_ = events(store, "u1", tenant=tenant)
    second = store.run("read/event_mentions", {"tenant": tenant, "user_id": "u1", "event_id": events_[1]["id"]})
    assert lily.id in {m["id"] for m in second}               # a later "my sister" is Lily


def test_a_pronoun_nothing_resolves_is_no_entity(writer, store, tenant):
    """"招牌就换成它了" with nothing the linker can point "它" at: no entity named 它 and no fact for it, but
    the message itself is kept."""
    send(writer, "u1", ["内部试吃那几天反而是肉松小贝最受欢迎，大家都说好，招牌就换成它了。"])
    assert writer.stats().written == 1
    assert find_entities(store, "u1", "它", tenant=tenant) == []
    assert not [p for p in preferences(store, "u1", tenant=tenant) if p["entity"] == "它"]
    assert [e for e in events(store, "u1", tenant=tenant) if "肉松小贝" in (e["text"] or "")]
