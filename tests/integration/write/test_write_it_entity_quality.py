"""Entity quality and assistant turns on the real write path (issue 17; real Neo4j, spaCy, jieba and USE): an
assistant's reaction is not stored but its concrete recommendation is; a liked activity or taste is the user's
own preference, no entity; a relative named by role is the user's relative; a kinship word is no name."""

from __future__ import annotations

from datetime import datetime, timedelta, timezone

from graphmem.write import card, events, profile

T0 = datetime(2026, 3, 2, 10, 0, tzinfo=timezone.utc)
TURNS = [("user", "平时喜欢爬山和拍照，周末经常去紫金山"),
         ("assistant", "收到，不要香菜和葱。"),
         ("user", "I love hiking, and I'm looking for a new laptop for uni."),
         ("assistant", "Good to know. Is that for coding?"),
         ("assistant", "For coding under 900 I'd suggest the Lenovo ThinkPad E14."),
         ("user", "我姐姐在成都当护士，她老公是个程序员，叫王磊")]


def test_reactions_activities_and_relatives(writer, store, tenant):
    for i, (role, text) in enumerate(TURNS):
        writer.add("u1", "s1", i + 1, text, role=role, at=T0 + timedelta(minutes=i))
    assert writer.flush(120)
    stored = [e["caption"] for e in events(store, "u1", tenant=tenant) if e["role"] == "assistant"]
    assert stored == ["For coding under 900 I'd suggest the Lenovo ThinkPad E14."]
    names = {r["name"] for r in store.run("read/known_entities", {"tenant": tenant, "user_id": "u1"})}
    assert not names & {"爬山", "拍照", "hiking", "老公"}, names
    assert {"我姐姐", "王磊"} <= names
    me = {(f.key, f.value) for f in card(store, "u1", "me", tenant=tenant).facts}
    assert {("preference", "爬山"), ("preference", "拍照"), ("preference", "hiking"),
            ("shopping_for", "laptop")} <= me, me
    rel = {(r["type"], r["direction"], r["other"]) for r in card(store, "u1", "me", tenant=tenant).relations}
    assert ("SISTER", "out", "我姐姐") in rel, rel
    assert "hiking" in profile(store, "u1", tenant=tenant).text
