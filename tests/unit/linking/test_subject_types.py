"""A statement says its subject's type (issue 17: entities with no type)."""

from datetime import datetime, timezone

from graphmem.linking.api import extract_statements
from graphmem.linking.subject_types import is_food, value_type

NOW = datetime(2026, 3, 11, 10, 0, tzinfo=timezone.utc)


def types(text):
    out = {}
    for s in extract_statements(text, NOW):
        if s.subject:
            out[s.subject] = out.get(s.subject) or s.subject_type
    return out


def test_people_pets_and_foods():
    assert types("unrelated but house prices in Boston are wild, my cousin Priya is trying to buy there") == \
        {"Priya": "person"}
    assert types("my wife Ana is Brazilian, we have a daughter, Lia, she's 4")["Ana"] == "person"
    assert types("最近又养了一只柯基，叫豆包") == {"豆包": "pet"}
    assert types("我家有两只猫，一只叫橘子，一只叫年糕") == {"橘子": "pet", "年糕": "pet"}   # pets, not the fruit
    assert types("I love coffee lol, cant live without it") == {"coffee": "food"}
    assert types("我不吃牛肉哈，别选烧肉店") == {"牛肉": "food"}


def test_only_what_the_statement_says():
    assert types("I really love dark themes in my editor").get("dark themes", "") == ""
    assert not is_food("long speeches") and not is_food("北欧风") and not is_food("Neovim")
    assert is_food("mushrooms") and is_food("奶茶") and is_food("ice cream")


def test_what_a_value_names():
    said = {s.key: value_type(s) for t in ("我现在住在杭洲，在阿里上班", "My budget is 8000") for s in extract_statements(t, NOW)}
    assert said == {"location": "geo", "employer": "organization", "budget": ""}
