import itertools

from graphmem.write.gate import ACCEPT, REJECT, UNDECIDED, Verdict, exact_repeat, rejected_anyway, rules, settle


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


def test_only_an_exact_repeat_by_the_same_speaker_is_a_duplicate():
    melanie, user = ("participant", "Melanie"), ("user", "")
    recent = [(melanie, "i went to a support group yesterday."), (user, "my budget is 5000")]
    assert exact_repeat((melanie, "i went to a support group yesterday."), recent)
    assert exact_repeat((user, "my budget is 5000"), recent)
    # the same words from someone else, or merely similar words, are not a repeat
    assert not exact_repeat((("participant", "Caroline"), "i went to a support group yesterday."), recent)
    assert not exact_repeat((user, "i went to a support group yesterday."), recent)
    assert not exact_repeat((melanie, "i went to a support group last week."), recent)
    assert not exact_repeat((user, ""), [(user, "")]) and not exact_repeat((user, "my budget is 5000"), [])


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


def test_rejected_anyway_is_rejected_whatever_the_vector_says():
    """Every turn ``rejected_anyway`` spares from embedding is rejected by rules + settle for every ``duplicate``, with
    the same reason whether it reads as small talk or not; and it spares an assistant's reply with nothing in it."""
    judges = {"none": None, "yes": lambda t: True, "no": lambda t: False}
    spared = 0
    for label, info, n_st, n_m, personal, advice, judge, read in itertools.product(
            ("greeting", "smalltalk", "chitchat", "informative"), (False, True), (0, 1), (0, 1), (False, True),
            (False, True), judges, (False, True)):
        if not rejected_anyway(label, info, n_st, n_m, personal, advice, judge != "none" or read):
            continue
        spared += 1
        for duplicate in (False, True):
            reasons = {settle(rules(label, info, n_st, n_m, duplicate, personal=personal, advice=advice,
                                    chatty=chatty), "x", judges[judge], info, n_m)[0]
                       for chatty in ((False, True) if read else (False,))}
            assert len(reasons) == 1 and next(iter(reasons)).decision == REJECT, (label, info, n_st, n_m, personal,
                                                                                  advice, judge, read, duplicate)
    assert spared
    assert rejected_anyway("informative", True, 0, 0, False, False, False)       # an assistant's empty reply
    assert not rejected_anyway("informative", True, 0, 0, False, False, True)    # a user's: small talk or chit-chat
    assert not rejected_anyway("informative", True, 0, 1, False, False, False)   # it mentions something: kept
    assert not rejected_anyway("informative", True, 0, 0, True, False, False)    # about the user: kept
