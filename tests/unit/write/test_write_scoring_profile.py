from datetime import datetime, timedelta, timezone

from graphmem.write import profile_text as profile
from graphmem.write.scoring import RescorePolicy, importance, quality, rescore

NOW = datetime(2026, 6, 1, tzinfo=timezone.utc)


def test_importance_order():
    assert importance("goal") > importance("attribute") > importance("event") > importance("message")
    assert importance("attribute", "budget 5000") > importance("attribute", "budget high")


def test_quality_prefers_real_text():
    assert quality("?? !! ...") == 0.0
    assert quality("my budget is 5000 for the new laptop") > 0.9
    assert quality("my budget is 5000", confidence=0.2) < quality("my budget is 5000")


def test_rescore_lowers_and_archives_never_raises():
    fresh = rescore(kind="attribute", status="active", text="my budget is 5000", importance_now=0.7,
                    quality_now=0.9, mention_count=1, last_seen=NOW, now=NOW)
    assert fresh.status == "active" and fresh.importance <= 0.7 and fresh.quality <= 0.9
    old = rescore(kind="message", status="active", text="ok then", importance_now=0.35, quality_now=0.6,
                  mention_count=1, last_seen=NOW - timedelta(days=720), now=NOW)
    assert old.archived and old.importance < 0.35
    junk = rescore(kind="attribute", status="active", text="?? !!", importance_now=0.7, quality_now=0.9,
                   mention_count=5, last_seen=NOW, now=NOW)
    assert junk.archived and junk.quality == 0.0
    outdated = rescore(kind="attribute", status="outdated", text="my budget is 5000", importance_now=0.7,
                       quality_now=0.9, mention_count=1, last_seen=NOW, now=NOW, policy=RescorePolicy())
    assert outdated.quality < 0.9 and outdated.status == "outdated"


def row(kind, key, value, entity, status="active", days=0, polarity=1, is_self=False, language="en"):
    t = NOW - timedelta(days=days)
    return {"kind": kind, "key": key, "value": value, "entity": entity, "status": status, "valid_from": t,
            "valid_to": None, "polarity": polarity, "is_self": is_self, "language": language, "mention_count": 1,
            "importance": 0.5}


def test_profile_english_with_evolution():
    rows = [row("preference", "preference", "like", "value for money", days=120),
            row("attribute", "budget", "3000", "u1", status="outdated", days=120, is_self=True),
            row("preference", "preference", "like", "flagship models", days=1),
            row("preference", "preference", "dislike", "cilantro", days=5, polarity=-1),
            row("goal", "goal", "want", "a new phone", days=2),
            row("goal", "goal", "learn Spanish", "u1", days=2, is_self=True),
            row("attribute", "budget", "9000", "u1", days=1, is_self=True),
            row("attribute", "color", "black", "my laptop", days=3)]
    p = profile.build("u1", rows)
    assert p.language == "en" and p.fact_count == 7
    assert "Recently prefers flagship models; earlier preferred value for money." in p.text
    assert "Dislikes: cilantro." in p.text and "Wants: a new phone, learn Spanish." in p.text
    assert "About you: budget 9000." in p.text and "my laptop — color black" in p.text
    assert "budget: now 9000" in p.text and "earlier 3000" in p.text


def test_profile_chinese_and_empty():
    rows = [row("preference", "preference", "like", "寿司", language="zh"),
            row("attribute", "预算", "8000", "u1", is_self=True, language="zh")]
    p = profile.build("用户", rows)
    assert p.language == "zh" and p.text.startswith("用户的用户画像") and "喜欢：寿司。" in p.text
    assert "关于你：预算：8000。" in p.text
    assert profile.build("u1", []).text == "Profile of u1: nothing known yet."
    assert profile.build("u1", rows, language="en").language == "en"
