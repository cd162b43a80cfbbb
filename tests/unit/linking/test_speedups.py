"""The write path's speed-ups change no answer: a remembered parse is the parse, a remembered statement list is
the list, and skipping the Chinese time rules on text without a Chinese character finds the same times."""

from datetime import datetime, timezone

import pytest

from graphmem.linking import nlp, statements, timeexpr
from graphmem.linking.api import extract_statements, find_times

NOW = datetime(2023, 5, 8, 13, 56, tzinfo=timezone.utc)
ENGLISH = ["I went to a LGBTQ support group yesterday and it was so powerful.",
           "Lunch with Sarah tomorrow at noon, then the 3:30 pm train on May 7th.",
           "My budget is 8000 dollars since 2023-05-07; see you in 2 weeks or 10 days",
           "Next Friday at 5, or the weekend after next. Last month was 12 months ago?",
           "Room 12, line 3, 5 hours, 8 am, 11 o'clock, 20 May, the 1st of June 2024"]


def _fields(doc):
    return ([(t.text, t.tag_, t.pos_, t.dep_, t.head.i) for t in doc], [(e.text, e.label_) for e in doc.ents],
            [c.text for c in doc.noun_chunks])


def test_a_remembered_parse_is_the_parse_and_is_not_parsed_twice():
    fresh = [nlp.english()(t) for t in ENGLISH]
    docs = nlp.english_docs(ENGLISH[:3])
    assert [_fields(d) for d in docs] == [_fields(d) for d in fresh[:3]]
    again = nlp.english_docs(ENGLISH)          # three remembered, two parsed now
    assert all(a is b for a, b in zip(again[:3], docs))
    assert [_fields(d) for d in again] == [_fields(d) for d in fresh]
    assert nlp.english_doc(ENGLISH[4]) is again[4]


def test_the_parse_cache_is_bounded(monkeypatch):
    from collections import OrderedDict

    monkeypatch.setattr(nlp, "DOC_CACHE", 2)
    monkeypatch.setattr(nlp, "_docs", OrderedDict())
    nlp.english_docs(ENGLISH)
    assert list(nlp._docs) == ENGLISH[-2:]          # the most recent are kept


@pytest.mark.parametrize("text", ENGLISH)
def test_english_text_finds_the_same_times_without_the_chinese_rules(text, monkeypatch):
    fast = find_times(text, NOW)
    monkeypatch.setattr(timeexpr, "_live", lambda packs, s: {p.lang for p in packs})   # every pack's rules run
    assert find_times(text, NOW) == fast


def test_chinese_times_are_still_found():
    assert [t.text for t in find_times("明天下午三点和客户开会，5月7号也行", NOW)][:1] == ["明天"]
    assert any(t.text == "5月7号" for t in find_times("5月7号也行", NOW))


def test_remembered_statements_are_a_fresh_list_each_time():
    text = "I am allergic to nuts, and my budget is 8000 dollars."
    first = extract_statements(text, NOW)
    assert first == statements._extract(text, NOW) and len(first) == 2
    first.clear()                                       # the caller's list is its own
    assert extract_statements(text, NOW) == statements._extract(text, NOW)
    later = datetime(2024, 1, 1, tzinfo=timezone.utc)   # another time is another question
    assert extract_statements("I went there yesterday", later)[0].when.year == 2023
