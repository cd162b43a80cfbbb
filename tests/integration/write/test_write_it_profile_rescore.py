"""Profile text regenerated from the active graph (no LLM), showing evolution, in the user's language; the
offline rescoring job lowers and archives without deleting."""

from __future__ import annotations

from datetime import datetime, timedelta, timezone

from graphmem.model import FactInput
from graphmem.write import history, profile, rescore, user_stats

T0 = datetime(2026, 1, 5, tzinfo=timezone.utc)


def test_profile_shows_evolution_in_english(writer, store, tenant):
    writer.add("u1", "s1", 1, "I care about value for money", at=T0,
               facts=[FactInput("preference", "value for money", polarity=1, language="en")])
    writer.add("u1", "s1", 2, "my budget is 3000", at=T0, facts=[FactInput("attribute", "", "budget", 3000)])
    writer.add("u1", "s2", 1, "these days I want flagship models", at=T0 + timedelta(days=90),
               facts=[FactInput("preference", "flagship models", polarity=1, language="en")])
    writer.add("u1", "s2", 2, "budget is 9000 now", at=T0 + timedelta(days=90),
               facts=[FactInput("attribute", "", "budget", 9000, is_change=True)])
    assert writer.flush(60)
    p = profile(store, "u1", tenant=tenant)
    assert p.language == "en"
    assert "Recently prefers flagship models; earlier preferred value for money." in p.text
    assert "budget: now 9000 (since 5 April), earlier 3000" in p.text


def test_profile_in_chinese_for_a_chinese_user(writer, store, tenant):
    writer.add("u1", "s1", 1, "我喜欢吃寿司", at=T0, facts=[FactInput("preference", "寿司", polarity=1, language="zh")])
    writer.add("u1", "s1", 2, "我的预算是五千", at=T0, facts=[FactInput("attribute", "", "预算", 5000, language="zh")])
    writer.add("u1", "s2", 1, "预算改成八千了", at=T0 + timedelta(days=30),
               facts=[FactInput("attribute", "", "预算", 8000, is_change=True, language="zh")])
    assert writer.flush(60)
    p = profile(store, "u1", tenant=tenant)
    assert p.language == "zh"
    assert "喜欢：寿司。" in p.text
    assert "预算：现在是8000（自2月4日起），之前是5000" in p.text


def test_a_birthday_reads_as_a_date(writer, store, tenant):
    """Said in plain words, stored as ISO 8601, read in the profile as a date (was "2026-04-12 00:00:00+00:00")."""
    writer.add("u1", "s1", 1, "my birthday is April 12", at=T0)
    writer.add("u2", "s1", 1, "我的生日是4月12日", at=T0)
    assert writer.flush(60)
    (fact,) = history(store, "u1", "me", "birthday", tenant=tenant)
    assert fact.value == "2026-04-12"
    assert "birthday 12 April" in profile(store, "u1", tenant=tenant).text
    assert "生日：4月12日" in profile(store, "u2", tenant=tenant).text


def test_rescore_archives_low_quality_and_deletes_nothing(writer, store, tenant):
    writer.add("u1", "s1", 1, "my budget is 5000 for the new laptop", at=T0,
               facts=[FactInput("attribute", "", "budget", 5000)])
    writer.add("u1", "s1", 2, "?? !! ...", at=T0, facts=[FactInput("attribute", "", "mood", "??", text="?? !! ...")])
    assert writer.flush(60)
    before = user_stats(store, "u1", tenant=tenant)
    report = rescore(store, tenant=tenant, now=T0 + timedelta(days=400))
    assert report.examined == before["events"] + before["active_facts"] + before["outdated_facts"]
    assert report.archived >= 2   # the punctuation-only event and fact
    after = user_stats(store, "u1", tenant=tenant)
    assert after["archived_facts"] == 1 and after["active_facts"] == before["active_facts"] - 1
    assert after["events"] == before["events"]            # archived, not deleted
    again = rescore(store, tenant=tenant, now=T0 + timedelta(days=400))
    assert again.archived == 0                             # idempotent at the same time


def test_archived_fact_is_still_the_slot_head(writer, store, tenant):
    writer.add("u1", "s1", 1, "?? !! ...", at=T0, facts=[FactInput("attribute", "", "mood", "??", text="?? !! ...")])
    assert writer.flush(60)
    rescore(store, tenant=tenant, now=T0 + timedelta(days=1))
    (archived,) = history(store, "u1", "me", "mood", tenant=tenant)
    assert archived.status == "archived"
    writer.add("u1", "s1", 2, "I am in a great mood today", at=T0 + timedelta(days=2),
               facts=[FactInput("attribute", "", "mood", "great")])
    assert writer.flush(60)
    old, new = history(store, "u1", "me", "mood", tenant=tenant)
    assert (old.status, new.status, new.version, new.supersedes) == ("outdated", "active", 2, old.id)


def test_repeating_an_archived_fact_revives_it(writer, store, tenant):
    writer.add("u1", "s1", 1, "?? !! ...", at=T0, facts=[FactInput("attribute", "", "mood", "??", text="?? !! ...")])
    assert writer.flush(60)
    rescore(store, tenant=tenant, now=T0 + timedelta(days=1))
    writer.add("u1", "s1", 2, "mood: ?? again", at=T0 + timedelta(days=2),
               facts=[FactInput("attribute", "", "mood", "??")])
    assert writer.flush(60)
    (fact,) = history(store, "u1", "me", "mood", tenant=tenant)
    assert (fact.status, fact.mention_count) == ("active", 2)
