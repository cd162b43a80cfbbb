"""Lists in one sentence are several statements: liked things, named pets, languages; a third person's home."""

from __future__ import annotations

from datetime import datetime

from graphmem.linking.api import extract_statements
from graphmem.linking.mentions import extract_mentions

NOW = datetime(2026, 3, 1)


def facts(text):
    return [(s.kind, s.subject, s.key, s.value) for s in extract_statements(text, NOW) if s.kind != "event"]


def test_liked_things_in_a_list_are_one_preference_each():
    assert facts("I like Thai food and Italian food though") == [("preference", "Thai food", "", None),
                                                                   ("preference", "Italian food", "", None)]
    got = [(s.subject, s.polarity) for s in extract_statements("I now prefer tea over coffee", NOW)]
    assert got == [("coffee", -1), ("tea", 1)]          # the old favourite is no longer liked
    got = [(s.subject, s.polarity) for s in extract_statements("现在比起咖啡我更喜欢喝茶了", NOW)]
    assert got == [("咖啡", -1), ("茶", 1)]             # the drink, not the drinking (jieba: 喝茶 is a verb)


def test_named_pets_and_their_species():
    got = facts("We have two cats, Miso and Tofu, and a rabbit called Biscuit")
    assert [v for k, s, key, v in got if key == "pet"] == ["Miso", "Tofu", "Biscuit"]
    assert ("attribute", "Biscuit", "species", "rabbit") in got and ("attribute", "Miso", "species", "cat") in got
    assert [v for *_, key, v in facts("我家有两只猫，一只叫橘子，一只叫年糕") if key == "pet"] == ["橘子", "年糕"]
    assert ("attribute", "", "pet", "团子") in facts("还养了一只仓鼠叫团子")
    assert facts("My sister has a dog called Rex") == []          # her dog, not the user's


def test_languages_spoken():
    assert [v for *_, v in facts("我会说普通话、粤语和英语")] == ["普通话", "粤语", "英语"]
    assert [v for *_, key, v in facts("I speak English and Portuguese, and I'm learning Japanese.")
            if key == "language"] == ["English", "Portuguese"]


def test_someone_elses_home_and_a_date_after_the_city():
    assert facts("Tom lives in Lyon, works as a nurse.") == [("attribute", "Tom", "location", "Lyon"),
                                                             ("attribute", "Tom", "job", "nurse")]
    assert facts("my sister lives in Boston") == [("attribute", "my sister", "location", "Boston")]
    assert facts("He lives in Paris") == []
    assert facts("Update: we moved to Denver on Saturday!!") == [("attribute", "", "location", "Denver")]


def test_a_latin_name_after_a_chinese_role_and_typed_pet_names():
    ms = [(m.surface, m.type) for m in extract_mentions("我老板 Mark 下周要来上海") if m.kind == "named"]
    assert ("Mark", "person") in ms
    ms = [(m.surface, m.type) for m in extract_mentions("We have two cats, Miso and Tofu") if m.kind == "named"]
    assert ms == [("Miso", "pet"), ("Tofu", "pet")]
    assert [m.surface for m in extract_mentions("I shop at Barnes and Noble") if m.kind == "named"] == \
        ["Barnes and Noble"]


def test_facts_said_in_passing():
    assert ("attribute", "", "diet", "vegetarian") in facts("Can you suggest dinner? I'm vegetarian, so keep that in mind.")
    assert ("attribute", "", "diet", "素食") in facts("我吃素的哈，推荐餐厅的时候注意一下")
    assert ("attribute", "", "employer", "阿里") in facts("我现在住在杭洲，在阿里上班")
    assert ("attribute", "", "employer", "美团") in facts("恭喜！我也刚换工作，现在在美团")
    assert not [f for f in facts("她老公是个程序员，叫王磊，在字节上班") if f[2] == "employer"]   # his, not mine
    for theirs in ("我闺女晓敏在深圳上班，她给我网购了个血压计", "闺女在深圳上班", "我老公跳槽去了字节"):
        assert not [f for f in facts(theirs) if f[2] == "employer"], theirs
    assert ("attribute", "", "employer", "腾讯") in facts("我老婆下周去北京出差，我在腾讯上班")   # the last 我 is mine
    assert ("attribute", "", "employer", "字节") in facts("她老公是个程序员，我在字节上班")
    assert ("attribute", "", "employer", "Fernleaf") in facts("ok update: accepted the Fernleaf offer!!")
    assert ("relation", "朵朵", "daughter", "朵朵") in facts("我有个女儿叫朵朵，今年六岁")
    assert ("relation", "Lia", "daughter", "Lia") in facts("my wife Ana is Brazilian, we have a daughter, Lia, she's 4")
    assert ("attribute", "", "age", 34) in facts("Hi! Quick intro: I'm Sam, 34, software engineer at Stripe.")
