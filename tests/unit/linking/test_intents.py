"""The user's intents that are facts, someone else's name, and what a preference is about (issue 17)."""

from datetime import datetime, timezone

from graphmem.linking.analysis import analyse
from graphmem.linking.statements import extract_statements

NOW = datetime(2026, 3, 1, 9, 0, tzinfo=timezone.utc)


def facts(text: str) -> set[tuple]:
    return {(s.subject, s.key, s.value) for s in extract_statements(text, NOW) if s.kind == "attribute"}


def test_what_the_user_is_shopping_for():
    assert ("", "shopping_for", "laptop") in facts("I'm looking for a new laptop for uni, budget's about £900.")
    assert ("", "shopping_for", "笔记本电脑") in facts("想买台笔记本电脑，预算五千左右")
    assert ("", "shopping_for", "iPhone 16") in facts("苹果降价了，想换个iPhone 16，256G的")
    # a job, a place to stay or a new job are not purchases
    for text in ("I'm looking for a job", "I'm looking for a place to stay in Lyon", "我想换个工作"):
        assert not any(k == "shopping_for" for _, k, _ in facts(text)), text


def test_what_the_user_uses_after_a_switch():
    assert ("", "uses", "Neovim") in facts("I switched from VS Code to Neovim last year and never looked back")
    assert ("", "uses", "Neovim") in facts("我现在写代码用Neovim，之前一直用VS Code")
    assert not any(k == "uses" for _, k, _ in facts("I moved from Leeds to London"))
    # "之前一直用…" is a past habit, not an instruction about answers
    assert not any(s.key == "response_style" for s in extract_statements("我现在写代码用Neovim，之前一直用VS Code", NOW))


def test_someone_elses_name_is_not_the_users():
    assert not any(k == "name" for _, k, _ in facts("yes pls. Her name's Emma, she's marrying James"))
    assert not any(k == "name" for _, k, _ in facts("His name is Tom"))
    assert ("", "name", "Sam") in facts("My name's Sam")


def test_a_thing_with_a_qualifier_is_the_thing():
    prefs = [(s.subject, s.value) for s in extract_statements("I want a phone with the best camera", NOW)
             if s.kind == "preference"]
    assert prefs == [("phone", None)]
    assert [s.subject for s in extract_statements("I don't want anything with a glossy screen.", NOW)] == ["glossy screen"]
    assert [(s.subject, s.value) for s in extract_statements("想要屏幕好一点的", NOW) if s.kind == "preference"] \
        == [("", "屏幕好一点")]


def test_a_relative_named_by_role_is_the_users_relative():
    def rel(text):   # the write path's reading of a turn (extract_statements leaves the role relation out)
        return [(s.subject, s.key) for s in analyse(text, NOW).stored if s.kind == "relation"]
    assert rel("我姐姐在成都当护士，去年刚结婚") == [("我姐姐", "sister")]
    assert rel("sadly we gave the rabbit away last week, my son turned out to be allergic") == [("my son", "son")]
    assert rel("我老公叫王磊") == [("王磊", "husband")]            # the named person holds the role, once
    assert rel("my sister Lily lives in Boston") == [("Lily", "sister")]
    assert rel("My doctor told me to cut caffeine") == []             # family roles only
    assert rel("她老公是个程序员") == []                               # someone else's
