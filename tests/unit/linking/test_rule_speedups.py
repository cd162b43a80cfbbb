"""Speed-ups of the write path's rule stages that must not change a decision: the prefilter's one-scan test
gives what a test a string gives, and the texts the writer parses ahead for the gate are the ones it reads."""

import re

from hypothesis import HealthCheck, given, settings, strategies as st

from graphmem.linking import gate, prefilter
from graphmem.linking.gate import classify_message, sign_off_bodies

SETTINGS = settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
PIECES = st.sampled_from(["week", "a.b", "(x)", "[", "\\", "\\d", "*?", "号", "K", "Kelvin", "ſ", "3", "٣", "mon", "|"])
NEEDED = st.frozensets(st.one_of(PIECES, st.just(prefilter.DIGIT), st.text(min_size=1, max_size=3)), max_size=6)


def _one_by_one(needs, text: str) -> bool:
    """The test a string at a time that ``may_match`` replaces."""
    def holds(t: str, s: str) -> bool:
        return bool(re.search(r"\d", t)) if s == prefilter.DIGIT else s in t
    exact, caseless = needs
    if any(holds(text, s) for s in exact):
        return True
    if not caseless:
        return False
    if prefilter._CASELESS_RISK.search(text):
        return True
    return any(holds(text.lower(), s) for s in caseless)


@SETTINGS
@given(NEEDED, NEEDED, st.lists(st.one_of(PIECES, st.text(max_size=6)), max_size=6).map(" ".join))
def test_one_scan_gives_what_a_test_a_string_gives(exact, caseless, text):
    assert prefilter.may_match((exact, caseless), text) == _one_by_one((exact, caseless), text)


def test_sign_off_bodies_are_what_the_gate_reads_besides_the_text(monkeypatch):
    read = []
    real = gate.extract_statements

    def spy(text, now):
        read.append(text)
        return real(text, now)

    monkeypatch.setattr(gate, "extract_statements", spy)
    for text in ("Right, kettle's on. Cheers!", "Sure, see ya. Bye!", "Thanks, Melanie! I appreciate it. Bye!",
                 "OK, thanks for sharing. I have to go now, talk to you", "my budget is now 8000", "Bye!", "谢谢！晚安"):
        read.clear()
        classify_message(text)
        assert set(read) - {text} <= set(sign_off_bodies(text))   # every text the gate reads is parsed ahead
    assert sign_off_bodies("Right, kettle's on. Cheers!") == ["Right, kettle's on"]
    assert sign_off_bodies("my budget is now 8000") == []
    assert sign_off_bodies("Sure, see ya. Bye!") == ["Sure, see ya", "Sure"]   # the body's own sign-off too


WORDS = st.lists(st.text(alphabet="abn 护士'-", min_size=1, max_size=5), min_size=1, max_size=12)


def _flat(words) -> str:
    return "(?:" + "|".join(re.escape(w) for w in sorted(dict.fromkeys(words), key=len, reverse=True)) + ")"


@SETTINGS
@given(WORDS, st.text(alphabet="abnAB 护士'-.", max_size=30), st.sampled_from(["", "(?i)"]),
       st.sampled_from(["", r"(?![a-z])", r"s?\b", r"\s+x"]))
def test_a_prefix_tree_of_words_matches_what_their_flat_alternation_matches(words, text, flags, after):
    """``longest_first``, a tree of the words' shared prefixes, finds the same matches (spans and what follows),
    backtracking into shorter words where what follows fails as the flat alternation does."""
    flat, tree = (re.compile(flags + r"(?<![a-z])" + alt + f"({after})")
                  for alt in (_flat(words), prefilter.longest_first(words)))
    assert [(m.span(), m.groups()) for m in flat.finditer(text)] == [(m.span(), m.groups()) for m in tree.finditer(text)]
    assert flat.sub("_", text) == tree.sub("_", text)


def test_words_share_their_prefixes_unless_case_may_mix_them():
    """Lower-case words share their prefixes; a list with a letter that may match another letter's character when
    case is ignored (upper case, "ſ") stays the flat alternation."""
    assert "nurse(?:\\ aide|)" in prefilter.longest_first(["nurse", "nurse aide", "cook"])
    assert prefilter.longest_first(["UI designer", "ui"]) == "(?:UI\\ designer|ui)"   # upper case: left flat
    assert prefilter.longest_first(["ſt", "st"]) == "(?:ſt|st)"
