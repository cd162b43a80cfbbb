"""Ranking on the real server: the latest value wins, outdated only for past questions, explain, both
languages in the rewrite."""

from __future__ import annotations

import pytest

from graphmem.recall.scoring import FEATURES

from .world import F, history


@pytest.fixture
def u1(write):
    write("u1", history("u1"))
    return "u1"


def test_latest_value_wins_on_supersede(retriever, u1):
    for q in ("what is my budget?", "how much can I spend on the laptop?", "我的预算是多少？"):
        found = retriever.recall(u1, q, 5)
        t = " ".join(m.text for m in found)
        assert "8000" in t, q
        assert "5000" not in t, q          # neither the outdated fact nor the turn that stated it


def test_outdated_only_when_the_question_is_about_the_past(retriever, u1):
    found = retriever.recall(u1, "what was my budget before?", 5, explain=True)
    old = [m for m in found if m.status == "outdated"]
    assert old and "5000" in old[0].text and "used to be" in old[0].text
    assert found[0].status == "outdated"                    # the past is what was asked
    assert any("8000" in m.text and m.status == "active" for m in found)   # and the current value for contrast


def test_explain_gives_paths_and_every_component(retriever, u1):
    found = retriever.recall(u1, "what did my sister recommend?", 3, explain=True)
    top = found[0]
    assert "noodle place" in top.text
    e = top.explanation
    assert set(e["paths"]) >= {"graph", "vector"} and e["via"]["graph"]
    for name in FEATURES:                       # every feature, and what it added to the model's logit
        assert name in e["components"] and "w_" + name in e["components"]
    assert {"relevance", "status", "current"} <= set(e["components"])
    assert e["score"] == top.score == e["components"]["score"]
    assert retriever.recall(u1, "what did my sister recommend?", 3)[0].explanation is None


def test_rewrite_follows_the_user_language(retriever, u1):
    en = retriever.recall(u1, "which editor theme do I like?", 3)
    assert en[0].text.startswith("You like dark mode in every editor")   # the user's words: they say more
    zh = retriever.recall(u1, "我喜欢什么样的编辑器主题？", 3)
    assert any(m.text.startswith("你喜欢dark mode") for m in zh)
    zh2 = retriever.recall(u1, "我什么时候去东京出差？", 3)
    assert "CA1831" in zh2[0].text and "你" in zh2[0].text and "我" not in zh2[0].text


def test_diversity_no_near_copies(retriever, write, u1):
    write(u1, [("s6", i, f"I really love hiking in the Alps{'!' * i}", None,
                [F("event", "", "hiking", text=f"I really love hiking in the Alps{'!' * i}")]) for i in range(1, 6)])
    found = retriever.recall(u1, "do I like hiking in the Alps?", 5)
    assert sum("hiking in the Alps" in m.text for m in found) == 1


def test_a_message_whose_facts_were_replaced_is_read_after_the_message_that_replaced_them(retriever, write):
    from .conftest import days_ago
    write("u_style", [("s1", 1, "我挺喜欢北欧风的，白墙加浅色木地板那种。", days_ago(20), None),
                      ("s1", 2, "装修预算大概三十万，不包括家电。", days_ago(20), None),
                      ("s2", 1, "跟老公看了好多案例，我们决定改成原木风了，北欧风太冷淡。", days_ago(5), None)])
    found = retriever.recall("u_style", "我家装修用什么风格？", 5, explain=True)
    texts = [m.source_text for m in found]
    old = next(i for i, t in enumerate(texts) if "我挺喜欢北欧风" in t)
    new = next(i for i, t in enumerate(texts) if "原木风" in t)
    assert found[old].status == "stale"                 # its preference was replaced, and it says more than that
    assert new < old                                     # the message that replaced it is read first
