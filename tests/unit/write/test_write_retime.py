from datetime import datetime, timedelta, timezone

from graphmem.write.retime import Plan, dated, pick, retimed

SAID = datetime(2026, 5, 11, tzinfo=timezone.utc)


def plan(text, days=0, id_=None):
    return Plan(id_ or text, text, text, 1, SAID + timedelta(days=days))


def test_retimed_replaces_the_date_and_keeps_english_prepositions():
    assert retimed("我想七月去云南玩十天", SAID, "八月三号") == "我想八月三号去云南玩十天"
    assert retimed("I'm planning to fly to Lisbon in June", SAID, "September 12") == \
        "I'm planning to fly to Lisbon on September 12"
    assert retimed("fly to Lisbon in June", SAID, "next month") == "fly to Lisbon next month"
    assert retimed("fly to Lisbon in June", SAID, "October") == "fly to Lisbon in October"
    assert retimed("我打算明年五月结婚", SAID, "十月") == "我打算十月结婚"   # "明年五月" is one date
    assert retimed("learn Spanish", SAID, "June") is None


def test_dated_means_a_date_not_long_past():
    assert dated("visit Kyoto in June", SAID, SAID + timedelta(days=20))
    assert not dated("visit Kyoto in June", SAID, SAID + timedelta(days=90))   # June is long over
    assert not dated("learn Spanish", SAID, SAID)


def test_pick_prefers_shared_words_then_similarity_then_only_a_clear_winner():
    trip, license_ = plan("我想七月去云南玩十天"), plan("我打算六月底前把驾照考下来", days=3)
    # the message names the old date: shared words beat the embedding's preference
    assert pick([trip, license_], "出发时间改了，改到八月三号，七月公司走不开", {trip.text: 0.29, license_.text: 0.36}) == trip
    assert pick([trip, license_], "考试推迟到八月了", {trip.text: 0.29, license_.text: 0.58}) == license_
    assert pick([trip, license_], "推迟到八月了", {trip.text: 0.30, license_.text: 0.32}) is None   # no clear winner
    assert pick([trip], "推迟到八月了") == trip                                                       # the sole plan
    assert pick([], "推迟到八月了") is None
    lisbon, thesis = plan("fly to Lisbon in June"), plan("finish my thesis by August", days=1)
    assert pick([lisbon, thesis], "The Lisbon trip got pushed to September 12") == lisbon
