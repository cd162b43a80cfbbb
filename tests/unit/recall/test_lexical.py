"""BM25 over turns: the reference Okapi BM25 (rank_bm25's parameters) on en words and CJK grams."""

import math

from rank_bm25 import BM25Okapi

from graphmem.recall.lexical import BM25, tokens

DOCS = ["Caroline: I went to a LGBTQ support group yesterday", "Melanie: I painted a lake sunrise last year",
        "Caroline: The support group made me feel accepted", "我下周去东京出差", "东京的房子太贵了", "Melanie: kids and work"]


def test_tokens_are_words_and_chinese_characters_with_bigrams():
    assert tokens("Hi 东京出差!") == ["hi", "东", "京", "出", "差", "东京", "京出", "出差"]
    assert tokens("") == []


def test_scores_equal_the_reference_bm25():
    docs = [tokens(d) for d in DOCS]
    ours, ref = BM25(docs), BM25Okapi(docs)
    for q in ("support group Caroline", "东京出差", "lake sunrise", "nothing here"):
        a, b = ours.scores(tokens(q)), ref.get_scores(tokens(q))
        assert all(math.isclose(x, y, rel_tol=1e-5, abs_tol=1e-5) for x, y in zip(a, b))


def test_top_keeps_only_matches_best_first():
    index = BM25([tokens(d) for d in DOCS])
    top = index.top(tokens("support group"), 5)
    assert [i for i, _ in top] == [2, 0] or [i for i, _ in top] == [0, 2]
    assert all(s > 0 for _, s in top) and index.top(tokens("zebra"), 5) == []
    assert [i for i, _ in index.top(tokens("东京"), 1)][0] in (3, 4)
