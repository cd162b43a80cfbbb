"""The quote sweep's pure parts: which words of an answer a context must hold, and the share it holds."""

from bench.quote_sweep import _summary, answer_words, coverage, render


def test_an_answers_words_leave_out_function_words_and_case():
    assert answer_words('"Becoming Nicole" by Amy Ellis Nutt') == ["becoming", "nicole", "amy", "ellis", "nutt"]
    assert answer_words("the 7th of May") == ["7th", "may"]
    assert answer_words(None) == [] and answer_words("a the of") == []


def test_coverage_is_the_share_of_words_found_as_whole_words():
    assert coverage(["trophy"], "Here's one of my trophies") == 0.0      # a whole word, not a prefix
    assert coverage(["trans", "lives", "matter"], "The poster said Trans Lives Matter!") == 1.0
    assert coverage(["lemon", "cake"], "Thinking lemon and elderflower") == 0.5
    assert coverage([], "anything") is None


def test_the_table_has_a_row_per_setting_and_the_baseline():
    result = {"2/200": _summary([(1500, 0.5), (1600, None), (1700, 1.0)]), "bm25": _summary([(1400, 0.25)])}
    assert result["2/200"]["chars@10"] == 1600 and result["2/200"]["answer_words@10"] == 75.0
    assert result["2/200"]["all_answer_words@10"] == 50.0
    md = render(result)
    assert "| graphmem | 2 | 200 | 1600 | 75.0 | 50.0 |" in md and "| bm25 | — | — | 1400 | 25.0 | 0.0 |" in md
