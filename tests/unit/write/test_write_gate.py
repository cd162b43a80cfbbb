import numpy as np

from graphmem.write.gate import ACCEPT, REJECT, UNDECIDED, Verdict, near_duplicate, rules, settle


def test_rule_greetings_and_smalltalk():
    assert rules("greeting", False, 0, 0, False) == Verdict(REJECT, "greeting")
    assert rules("smalltalk", False, 0, 0, False) == Verdict(REJECT, "smalltalk")
    # a greeting that carries information is not rejected
    assert rules("greeting", True, 1, 0, False).decision == ACCEPT


def test_rule_chitchat():
    assert rules("chitchat", False, 0, 2, False) == Verdict(REJECT, "chitchat")
    assert rules("informative", False, 0, 0, False) == Verdict(REJECT, "chitchat")
    assert rules("informative", True, 0, 0, False).decision == UNDECIDED


def test_rule_duplicate_wins():
    assert rules("informative", True, 1, 1, True) == Verdict(REJECT, "duplicate")


def test_settle_without_judge_and_with_judge():
    und = Verdict(UNDECIDED)
    assert settle(und, "x", None, True, 2) == (Verdict(ACCEPT, "mentions"), False)
    assert settle(und, "x", None, True, 0) == (Verdict(REJECT, "chitchat"), False)
    assert settle(und, "x", lambda t: False, True, 3) == (Verdict(REJECT, "judge"), True)
    assert settle(und, "x", lambda t: True, False, 0) == (Verdict(ACCEPT, "judge"), True)
    assert settle(Verdict(ACCEPT), "x", lambda t: 1 / 0, True, 0) == (Verdict(ACCEPT), False)  # not asked


def test_failing_judge_falls_back():
    def boom(text):
        raise RuntimeError("llm down")
    v, judged = settle(Verdict(UNDECIDED), "x", boom, True, 1)
    assert v.decision == ACCEPT and judged


def test_near_duplicate_needs_similarity_and_same_entities():
    a = np.array([1.0, 0.0], dtype=np.float32)
    b = np.array([0.96, 0.28], dtype=np.float32)
    c = np.array([0.0, 1.0], dtype=np.float32)
    recent = [(a, frozenset({"e1"}))]
    assert near_duplicate(b, ["e1"], recent)
    assert not near_duplicate(b, ["e2"], recent)
    assert not near_duplicate(c, ["e1"], recent)
    assert not near_duplicate(None, ["e1"], recent) and not near_duplicate(a, ["e1"], [])


def test_a_personal_statement_without_an_extracted_fact_is_accepted():
    assert rules("informative", True, 0, 0, False, personal=True) == Verdict(ACCEPT, "personal")
    assert rules("informative", True, 0, 0, False).decision == UNDECIDED
    assert rules("informative", True, 0, 0, True, personal=True) == Verdict(REJECT, "duplicate")


def test_an_assistant_recommendation_is_kept_unless_it_repeats():
    from graphmem.write.gate import ACCEPT, REJECT, rules

    assert rules("informative", True, 0, 0, False, advice=True).decision == ACCEPT
    assert rules("informative", True, 0, 0, True, advice=True).decision == REJECT
    assert rules("chitchat", False, 0, 0, False).decision == REJECT


def test_a_turn_that_reads_as_small_talk_is_rejected_unless_it_is_advice():
    assert rules("informative", True, 1, 2, False, personal=True, chatty=True) == Verdict(REJECT, "smalltalk")
    assert rules("informative", True, 0, 0, False, advice=True, chatty=True).decision == ACCEPT
    assert rules("informative", True, 1, 0, True, chatty=True) == Verdict(REJECT, "duplicate")
