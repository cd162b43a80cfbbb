"""The cheap tests run before statement extraction's costly patterns never drop a match: a text any of those
patterns matches always passes its test (property tests: texts drawn from the patterns themselves)."""

import re
import sys
from datetime import datetime, timezone

from hypothesis import HealthCheck, given, settings, strategies as st

from graphmem import lang
from graphmem.lang.en import rules as en
from graphmem.lang.zh import rules as zh
from graphmem.linking import lexicon as lx, prefilter, statements, timeexpr
from graphmem.linking.mentions import zh_appositions

SETTINGS = settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
DATE_RULES = [(pat, p.lang, periods) for periods in (False, True)
              for pat, _, p in timeexpr._rules(timeexpr._ordered(), periods)]


@SETTINGS
@given(st.data())
def test_a_text_a_date_rule_matches_passes_its_packs_prefilter(data):
    pat, code, periods = data.draw(st.sampled_from(DATE_RULES))
    text = data.draw(st.from_regex(pat))
    assert prefilter.may_match(timeexpr._needs(timeexpr._ordered(), periods)[code], text)


def test_the_prefilter_reads_what_a_pattern_needs():
    assert prefilter.needed(re.compile(r"(?i)\b(?:next|last) (?P<u>week|month)\b")) == \
        (frozenset(), frozenset({"week", "month"}))
    assert prefilter.needed(re.compile(r"(?P<d>[0-9]{1,2}|[一二三]{1,3})号")) == (frozenset({"号"}), frozenset())
    assert prefilter.needed(re.compile(r"(?i)\bthe (?P<d>\d{1,2})th")) == (frozenset({prefilter.DIGIT}), frozenset())
    assert prefilter.needed(re.compile(r"\bI (?i:learn)")) == (frozenset(), frozenset({"learn"}))   # a scoped flag
    assert prefilter.needed(re.compile(r"\w+|x")) is None        # a word of any letters: nothing to test first
    assert prefilter.may_match((frozenset(), frozenset({"week"})), "Next WEEK then")
    assert not prefilter.may_match((frozenset(), frozenset({"week", prefilter.DIGIT})), "no date here")
    assert prefilter.may_match((frozenset(), frozenset({prefilter.DIGIT})), "on the 3rd")


def test_no_letter_past_the_guarded_range_matches_an_ascii_letter_when_case_is_ignored():
    beyond = "".join(chr(c) for c in range(0x2E80, sys.maxunicode + 1) if not 0xD800 <= c <= 0xDFFF)
    for letter in "abcdefghijklmnopqrstuvwxyz":
        assert not re.search(letter, beyond, re.I), letter
        assert not re.search(letter, beyond.lower())


def test_dates_are_found_as_before():
    now = datetime(2026, 3, 2, 9, tzinfo=timezone.utc)
    assert [t.text for t in timeexpr.find_times("Let's meet next Friday, or on the 3rd", now)] == ["next Friday", "the 3rd"]
    assert [t.text for t in timeexpr.find_times("下周五或者19号都行", now)] == ["下周五", "19号"]
    assert timeexpr.find_times("nothing to date in here", now) == []


_ROLES = sorted(lx.role_words())
_ZH_PIECES = ["我", "我的", "的", "朵朵", "小刘", "丽丽", "今年", "四岁", "，", " ", "在", "学", "女兒", "妈媽"]


@SETTINGS
@given(st.lists(st.sampled_from(_ZH_PIECES + [w for w in _ROLES if not w.isascii()] + ["boss", "Kenji"]),
                min_size=1, max_size=8))
def test_the_apposition_precheck_drops_no_relative(pieces):
    text = "".join(pieces)
    found = zh_appositions(text)
    assert zh.appositions(text) == found
    if found:
        assert zh._may_name_relative(text)


def test_appositions_are_still_found():
    assert zh.appositions("我女儿朵朵今年四岁") == [("daughter", "朵朵")]
    assert zh.appositions("我的同事小刘明天来") == zh_appositions("我的同事小刘明天来") != []
    assert zh.appositions("我今天很忙") == []


def _variant(draw, cue: str) -> str:
    """The cue as a message may write it: any case, a curly apostrophe or none."""
    s = "".join(c.upper() if draw(st.booleans()) else c for c in cue)
    return s.replace("'", draw(st.sampled_from(["'", "’", ""])))


CUE_CATEGORIES = ["pref_pos", "pref_neg", "switch", "change", "removal", "additive"]


@SETTINGS
@given(st.data())
def test_a_text_a_cue_pattern_matches_passes_may_have_cue(data):
    p = data.draw(st.sampled_from(lang.packs()))
    words = statements._cue_words(data.draw(st.sampled_from(CUE_CATEGORIES)), p)
    if not words:
        return
    cue = data.draw(st.sampled_from(words))
    around = st.text(alphabet=st.sampled_from(list("ab ’',.Kſ我的")), max_size=6)
    text = data.draw(around) + _variant(data.draw, cue) + data.draw(around)
    if p.fn("cue_re")(words).search(text):
        assert p.fn("may_have_cue")(words, text)


def test_cues_are_still_found():
    p = lang.pack("en")
    assert [m.group(0) for m in statements._cue_finds("pref_neg", p, "I dont LIKE olives")] == ["dont LIKE"]
    assert statements._cue_finds("pref_pos", p, "nothing of the kind here") == []


@SETTINGS
@given(st.data())
def test_a_weight_or_height_the_patterns_find_passes_the_body_prechecks(data):
    text = data.draw(st.from_regex(en._weight_re()) | st.from_regex(en._p().regex("_height")))
    assert en._DIGIT.search(text)
    pattern, units = zh._weight_re()
    said = data.draw(st.from_regex(pattern))
    assert any(u in said for u in units)


def test_weights_are_still_read():
    assert [(s.key, s.value) for s in en.body("I'm 6'1 and 180 lbs now", "en", False)] == [("weight", 180), ("height", "6'1")]
    assert [(s.key, s.value) for s in zh.body("我现在一百五十五斤，想减到一百三十斤", "zh", False)] == \
        [("weight", 155), ("target_weight", 130)]


SCANNED = [(p.lang, name) for p in lang.packs() for name in ("_learning", "enumeration", "_hobby", "removed")
           if (p.folder / f"{name}.re").is_file()]


@SETTINGS
@given(st.data())
def test_a_text_a_scanned_pattern_matches_is_scanned(data):
    code, name = data.draw(st.sampled_from(SCANNED))
    pattern = lang.pack(code).regex(name)
    text = data.draw(st.from_regex(pattern))
    assert [m.span() for m in prefilter.finditer(pattern, text)] == [m.span() for m in pattern.finditer(text)]
