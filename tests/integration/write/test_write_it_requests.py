"""A request for a text through the real write path stores the request, and no preference of the user's
(issue 17: "帮我写一段给客户的新春祝福短信，不要太长" had stored "你不喜欢太长")."""

from __future__ import annotations

from datetime import datetime, timezone

from graphmem.write import events, preferences, profile

T0 = datetime(2026, 3, 1, 10, 0, tzinfo=timezone.utc)


def test_writing_requests_store_no_preference(writer, store, tenant):
    writer.add("zh", "s1", 1, "我喜欢喝茶", at=T0)
    writer.add("zh", "s1", 2, "帮我写一段给客户的新春祝福短信，不要太长", at=T0)
    writer.add("en", "s1", 1, "I love jazz", at=T0)
    writer.add("en", "s1", 2, "write me a toast for my sister, keep it short", at=T0)
    writer.add("en", "s1", 3, "help me write an email to my landlord, not too formal", at=T0)
    assert writer.flush(120)
    for user in ("zh", "en"):
        assert "DISLIKES" not in {p["type"] for p in preferences(store, user, tenant=tenant, include_outdated=True)}
        texts = [e["text"] for e in events(store, user, tenant=tenant)]
        assert any("写" in t or "write" in t for t in texts)          # the request itself is kept
    zh = profile(store, "zh", tenant=tenant).text
    assert "喜欢：" in zh and "不喜欢" not in zh and "太长" not in zh
    en = profile(store, "en", tenant=tenant).text
    assert "Likes: jazz" in en and "Dislikes" not in en and "email" not in en.lower()
